// The studies page (#studies): the studies of the account logged in
// (GET /api/account/studies) and those this browser may change (the
// edit tokens it keeps: study.js's studyKey), each a link to it, the
// last changed first; how to start one. A study this browser keeps a
// token of but the server no longer has is left out, its token
// forgotten.

import { api, errorText } from "./api.js";
import { el } from "./dom.js";
import { t, date } from "./i18n.js";
import { currentAccount } from "./session.js";
import { studyKey, draftKey } from "./study.js";

// mostKept is the most studies of this browser's tokens the page reads.
const mostKept = 50;

// keptStudies are the ids of the studies this browser keeps a token of.
function keptStudies() {
  const ids = [];
  try {
    const prefix = studyKey("");
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k.startsWith(prefix) && !k.startsWith(draftKey(""))) ids.push(k.slice(prefix.length));
    }
  } catch (_) {}
  return ids.slice(0, mostKept);
}

// studiesPage draws the page in app.
export function studiesPage(app) {
  const hash = location.hash;
  const list = el("div", { id: "studies-list" }, el("p", { class: "small", role: "status", text: t("profile.loading") }));
  app.replaceChildren(el("h1", { text: t("studies.title") }), el("p", { class: "small", text: t("studies.about") }),
    el("section", { class: "card", "aria-labelledby": "studies-list-title" }, el("h2", { id: "studies-list-title", text: t("studies.list") }), list));
  (async () => {
    const byId = new Map();
    const a = await currentAccount(true).catch(() => null); // asked afresh: the session may have begun elsewhere
    if (a) {
      const r = await api("GET", "/api/account/studies");
      for (const s of r.studies) byId.set(s.id, { id: s.id, title: s.title, updated: s.updated, yours: true });
    }
    await Promise.all(keptStudies().map(async (id) => {
      try {
        const v = await api("GET", "/api/studies/" + encodeURIComponent(id));
        const s = byId.get(id) || { id, title: v.study?.title || "", updated: v.updated };
        s.here = true;
        byId.set(id, s);
      } catch (e) {
        if (e?.code === "no_study") try { localStorage.removeItem(studyKey(id)); } catch (_) {}
      }
    }));
    if (location.hash !== hash) return;
    const studies = [...byId.values()].sort((x, y) => (x.updated < y.updated ? 1 : x.updated > y.updated ? -1 : 0));
    if (!studies.length) { list.replaceChildren(el("p", { class: "small", id: "no-studies", text: t("studies.none") })); return; }
    list.replaceChildren(el("div", { class: "table-scroll" }, el("table", { class: "games", id: "studies" },
      el("thead", {}, el("tr", {}, ...["studies.name", "studies.changed", "studies.whose"].map((k) => el("th", { scope: "col", text: t(k) })))),
      el("tbody", {}, ...studies.map((s) => el("tr", { "data-study": s.id },
        el("td", {}, el("a", { href: "/#study=" + encodeURIComponent(s.id), text: s.title || t("study.untitled") })),
        el("td", { text: date(s.updated) }),
        el("td", { text: [s.yours ? t("studies.yours") : "", s.here ? t("studies.here") : ""].filter(Boolean).join(" · ") })))))));
  })().catch((e) => { if (location.hash === hash) list.replaceChildren(el("p", { class: "error", role: "alert", text: errorText(e) })); });
}
