// Languages: the string tables (i18n/<language>.json, one per language,
// each with exactly the keys of en.json), the choice of one (the switch's,
// remembered in local storage, else the browser's), and numbers and dates
// written for it with Intl.

// LANGUAGES are the interface's languages, each named in itself.
export const LANGUAGES = [["en", "English"], ["zh-Hans", "简体中文"], ["zh-Hant", "繁體中文"]];
const STORED = "reversi-lang";

let lang = "en", table = {}, english = {};

// browserLanguage picks ours from the browser's languages, in their
// order: Simplified Chinese for zh-CN, zh-SG, zh-Hans (and a bare zh),
// Traditional for zh-TW, zh-HK, zh-MO, zh-Hant; English otherwise.
export function browserLanguage(list) {
  for (const l of list || []) {
    const tag = String(l).toLowerCase();
    if (/^zh-(hant|tw|hk|mo)(-|$)/.test(tag)) return "zh-Hant";
    if (/^zh(-|$)/.test(tag)) return "zh-Hans";
    if (/^en(-|$)/.test(tag)) return "en";
  }
  return "en";
}

// chosenLanguage is the language the switch chose (remembered), else the
// browser's.
export function chosenLanguage() {
  let stored = null;
  try { stored = localStorage.getItem(STORED); } catch (_) {}
  if (LANGUAGES.some(([code]) => code === stored)) return stored;
  return browserLanguage(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

async function load(code) {
  const r = await fetch(`/static/i18n/${code}.json`);
  if (!r.ok) throw new Error(`${code}.json: ${r.status}`);
  return r.json();
}

// useLanguage loads a language's table (and English, for a key a table
// might lack) and makes it the page's; remember says the switch chose it.
export async function useLanguage(code, remember = false) {
  if (!LANGUAGES.some(([c]) => c === code)) code = "en";
  const [en, tb] = await Promise.all([load("en"), code === "en" ? null : load(code)]);
  english = en;
  table = tb || en;
  lang = code;
  document.documentElement.lang = code;
  if (remember) try { localStorage.setItem(STORED, code); } catch (_) {}
}

// language is the page's language code ("en", "zh-Hans", "zh-Hant").
export const language = () => lang;

// t is the text of key in the page's language, with each {name} replaced
// by params[name].
export function t(key, params = {}) {
  const s = table[key] ?? english[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, name) => (name in params ? String(params[name]) : m));
}

// hasText says whether the tables have a text for key.
export const hasText = (key) => key in english || key in table;

// num writes a number for the page's language (Intl.NumberFormat options).
export const num = (n, opts) => new Intl.NumberFormat(lang, opts).format(n);

// signed writes a value with its sign (+2.5, -3, 0) and digits decimals.
export const signed = (v, digits = 1) =>
  num(v, { signDisplay: "exceptZero", minimumFractionDigits: digits, maximumFractionDigits: digits });

// compact writes a large value short, with its sign (-11.2K, +380,
// -1.1万): a heuristic's points on a square.
export const compact = (v) => num(v, { notation: "compact", signDisplay: "exceptZero", maximumFractionDigits: 1 });

// percent writes a rate from 0 to 1 as a whole percentage.
export const percent = (r) => num(r, { style: "percent", maximumFractionDigits: 0 });

// date writes a date and time, short, for the page's language.
export const date = (d) => new Intl.DateTimeFormat(lang, { dateStyle: "short", timeStyle: "short" }).format(new Date(d));

// translateStatic writes the texts of index.html's elements marked
// data-i18n (their text) and data-i18n-label (their aria-label).
export function translateStatic(root = document) {
  for (const e of root.querySelectorAll("[data-i18n]")) e.textContent = t(e.dataset.i18n);
  for (const e of root.querySelectorAll("[data-i18n-label]")) e.setAttribute("aria-label", t(e.dataset.i18nLabel));
}
