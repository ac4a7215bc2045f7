// The WTHOR database of tournament games, searched by player, tournament
// or year (GET /api/wthor, a page at a time); a game picked is imported
// as anything pasted: its GGF, with the names, in the box given.

import { el } from "./dom.js";
import { api, errorText } from "./api.js";
import { t, num } from "./i18n.js";
import { openingName } from "./words.js";

// wthorCard returns the search's card; a game picked goes into target (a
// text box), which is then focused.
export function wthorCard(target) {
  const player = el("input", { id: "wthor-player", type: "search", maxlength: 40, autocomplete: "off" });
  const tournament = el("input", { id: "wthor-tournament", type: "search", maxlength: 40, autocomplete: "off" });
  const year = el("input", { id: "wthor-year", type: "number", min: 1977, max: 2015, inputmode: "numeric" });
  const results = el("ul", { class: "wthor-results", id: "wthor-results" });
  const where = el("span", { class: "small", id: "wthor-where", role: "status" });
  const prev = el("button", { id: "wthor-prev", hidden: "hidden", on: { click: () => search(page - 1) } }, t("wthor.prev"));
  const next = el("button", { id: "wthor-next", hidden: "hidden", on: { click: () => search(page + 1) } }, t("wthor.next"));
  let page = 1, seq = 0;
  async function search(p) {
    const mine = ++seq;
    const q = new URLSearchParams();
    for (const [k, e] of [["player", player], ["tournament", tournament], ["year", year]]) if (e.value.trim()) q.set(k, e.value.trim());
    q.set("page", p);
    where.textContent = t("wthor.searching");
    try {
      const r = await api("GET", "/api/wthor?" + q);
      if (mine !== seq) return; // a newer search was asked meanwhile
      page = r.page;
      const pages = Math.max(1, Math.ceil(r.total / r.per_page));
      where.textContent = r.total ? t("wthor.found", { n: num(r.total), page: num(page), pages: num(pages) }) : t("wthor.none");
      prev.hidden = page <= 1;
      next.hidden = page >= pages;
      results.replaceChildren(...r.games.map((g) => el("li", {}, el("button", { type: "button", class: "wthor-game", "data-id": g.id, disabled: g.ggf ? null : "disabled",
        on: { click: () => { target.value = g.ggf; target.focus(); where.replaceChildren(el("span", { translate: "no", text: `${g.black} – ${g.white}` }), " ", t("wthor.picked")); } } },
      el("span", { translate: "no", text: `${g.black} – ${g.white}` }), " ",
      el("span", { class: "small", text: t("wthor.game", { score: `${num(g.black_discs)}–${num(64 - g.black_discs)}`, year: g.year }) }), " ",
      el("span", { class: "small wthor-tournament", translate: "no", text: g.tournament }),
      ...(g.opening ? [" ", el("span", { class: "small wthor-opening" }, t("game.opening") + " ", ...openingName(g.opening, g.opening_name))] : [])))));
    } catch (e) { if (mine === seq) { where.textContent = errorText(e); results.replaceChildren(); prev.hidden = next.hidden = true; } }
  }
  const form = el("form", { on: { submit: (e) => { e.preventDefault(); search(1); } } },
    el("label", { for: "wthor-player", text: t("wthor.player") }), player,
    el("label", { for: "wthor-tournament", text: t("wthor.tournament") }), tournament,
    el("label", { for: "wthor-year", text: t("wthor.year") }), year,
    el("div", { class: "row" }, el("button", { type: "submit", id: "wthor-search" }, t("wthor.search"))));
  return el("div", { class: "card", id: "wthor" }, el("h2", { text: t("wthor.title") }), el("p", { class: "small", text: t("wthor.note") }), form,
    el("div", { class: "row" }, prev, where, next), results);
}
