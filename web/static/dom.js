// DOM helpers: elements and SVG built from attributes, the options of a
// select, a button that copies text and says so.

import { t } from "./i18n.js";

const NS = "http://www.w3.org/2000/svg";

export const el = (tag, attrs = {}, ...kids) => {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "on") for (const [ev, f] of Object.entries(v)) e.addEventListener(ev, f);
    else if (k === "text") e.textContent = v;
    else if (v !== undefined && v !== null && v !== false) e.setAttribute(k, v);
  }
  for (const k of kids.flat()) if (k !== null && k !== undefined) e.append(k);
  return e;
};
export const svg = (tag, attrs = {}) => {
  const e = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
};

// copyButton copies what text() gives and says so on the button.
export function copyButton(label, text, attrs = {}) {
  const b = el("button", { ...attrs, on: { click: async () => {
    try { await navigator.clipboard.writeText(await text()); b.textContent = t("copy.done"); }
    catch (_) { b.textContent = t("copy.failed"); }
    setTimeout(() => { b.textContent = label; }, 1500);
  } } }, label);
  return b;
}

// options are a select's options from [value, text] pairs.
export function options(list, selected) {
  return list.map(([v, text]) => el("option", { value: v, selected: v === selected ? "selected" : null, text }));
}

