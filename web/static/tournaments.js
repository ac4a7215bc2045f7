// The tournaments the server plays (#tournaments: the list, and a form
// to create one for a person logged in) and a tournament's page
// (#tournament=ID: its settings, entrants, joining and leaving, start and
// cancel for its creator, the standings, the crosstable and the rounds
// with their games, followed live while it runs, and its GGF).

import { api, errorText } from "./api.js";
import { el, options } from "./dom.js";
import { t, num, date } from "./i18n.js";
import { accountNow, currentAccount, onAccountChange, openLogin, playerLink } from "./session.js";

// every is how often a tournament's page asks for its news while it is
// open to players or running.
const every = 3000;

// left says whether the address has left hash since it was asked for.
const left = (hash) => location.pathname !== "/" || location.hash !== hash;

const statusText = (s) => t("tournament.status." + s);

// points writes a score: halves as ½.
const points = (p) => {
  const whole = Math.floor(p);
  const half = p - whole === 0.5;
  return half ? (whole ? num(whole) : "") + "½" : num(p);
};

// clockText writes a tournament's clock.
function clockText(s) {
  const secs = (ns) => ns / 1e9;
  if (s.game_time) return t("tournament.gameClock", { minutes: num(secs(s.game_time) / 60), inc: num(secs(s.increment || 0)) });
  return t("tournament.moveClock", { seconds: num(secs(s.move_time)) });
}

// field is a labelled control.
const field = (id, label, control) => el("div", { class: "field" }, el("label", { for: id, text: label }), control);

// tournamentsPage draws the list and the form in app; it answers the
// function that stops it.
export function tournamentsPage(app) {
  const hash = location.hash;
  const list = el("div", { id: "tournament-list" }, el("p", { class: "small", role: "status", text: t("profile.loading") }));
  const formBox = el("section", { class: "card", "aria-labelledby": "tournament-new-title" });
  app.replaceChildren(el("h1", { text: t("tournament.title") }), el("p", { class: "small", text: t("tournament.about") }), formBox,
    el("section", { class: "card", "aria-labelledby": "tournament-list-title" }, el("h2", { id: "tournament-list-title", text: t("tournament.list") }), list));
  const drawForm = (a) => {
    if (!a || a.kind !== "person") {
      const login = el("button", { type: "button", id: "tournament-login", text: t("session.login") });
      login.addEventListener("click", () => openLogin("login"));
      formBox.replaceChildren(el("h2", { id: "tournament-new-title", text: t("tournament.new") }), el("p", { class: "small", text: t("tournament.loginToCreate") }), login);
      return;
    }
    formBox.replaceChildren(el("h2", { id: "tournament-new-title", text: t("tournament.new") }), newForm());
  };
  currentAccount().then((a) => { if (!left(hash)) drawForm(a); });
  // The list: every tournament, or the account's own (created, or
  // entered by it or its bots); a page at a time, "More" the next.
  const mineBox = el("input", { type: "checkbox", id: "tournaments-mine" });
  const mineLabel = el("label", { class: "toggle", id: "tournaments-mine-label", hidden: "hidden" }, mineBox, t("tournament.mine"));
  const filters = el("div", { class: "row" }, mineLabel);
  const load = (after) => {
    const q = new URLSearchParams();
    if (mineBox.checked) q.set("mine", "1");
    if (after) q.set("after", after);
    const query = q.toString();
    return api("GET", "/api/tournaments" + (query ? "?" + query : ""));
  };
  const row = (x) => el("tr", { "data-id": x.id },
    el("td", {}, el("a", { href: "/#tournament=" + x.id, translate: "no", text: x.name })),
    el("td", { text: statusText(x.status) }),
    el("td", {}, x.creator ? playerLink(x.creator, { translate: "no" }) : ""),
    el("td", { text: date(x.updated) }));
  let shown = 0; // which listing is drawn (a newer one replaces it)
  const draw = () => {
    const mine = ++shown;
    list.replaceChildren(el("p", { class: "small", role: "status", text: t("profile.loading") }));
    const failed = (e) => { if (!left(hash) && mine === shown) list.append(el("p", { class: "error", role: "alert", text: errorText(e) })); };
    load().then((r) => {
      if (left(hash) || mine !== shown) return;
      if (!r.tournaments.length) { list.replaceChildren(el("p", { class: "small", id: "no-tournaments", text: t(mineBox.checked ? "tournament.noneMine" : "tournament.none") })); return; }
      const body = el("tbody", {}, ...r.tournaments.map(row));
      const more = el("button", { type: "button", id: "tournaments-more", text: t("tournament.more") });
      let next = r.next;
      more.hidden = !next;
      more.addEventListener("click", () => {
        more.disabled = true;
        load(next).then((p) => {
          if (left(hash) || mine !== shown) return;
          body.append(...p.tournaments.map(row));
          next = p.next;
          more.hidden = !next;
          more.disabled = false;
        }, (e) => { more.disabled = false; failed(e); });
      });
      list.replaceChildren(el("div", { class: "table-scroll" }, el("table", { class: "games", id: "tournaments" },
        el("thead", {}, el("tr", {}, ...["tournament.name", "tournament.statusLabel", "tournament.creator", "tournament.updated"].map((k) => el("th", { scope: "col", text: t(k) })))),
        body)), more);
    }, (e) => { if (!left(hash) && mine === shown) list.replaceChildren(el("p", { class: "error", role: "alert", text: errorText(e) })); });
  };
  mineBox.addEventListener("change", draw);
  const showMine = (a) => {
    mineLabel.hidden = !a;
    if (!a && mineBox.checked) { mineBox.checked = false; draw(); }
  };
  list.before(filters);
  currentAccount().then((a) => { if (!left(hash)) showMine(a); });
  const off = onAccountChange((a) => { if (!left(hash)) { drawForm(a); showMine(a); } });
  draw();
  return () => off();
}

// newForm is the form that creates a tournament.
function newForm() {
  const name = el("input", { id: "tn-name", required: "", maxlength: "80", autocomplete: "off" });
  const kind = el("select", { id: "tn-kind" }, ...options([["round-robin", t("tournament.kind.round-robin")], ["swiss", t("tournament.kind.swiss")]], "round-robin"));
  const cycles = el("input", { id: "tn-cycles", type: "number", min: "1", max: "4", value: "2" });
  const rounds = el("input", { id: "tn-rounds", type: "number", min: "1", max: "30", value: "5" });
  const clock = el("select", { id: "tn-clock" }, ...options([["move", t("tournament.clock.move")], ["game", t("tournament.clock.game")]], "move"));
  const amount = el("input", { id: "tn-amount", value: "60s", autocomplete: "off", "aria-describedby": "tn-amount-help" });
  const inc = el("input", { id: "tn-increment", value: "0", autocomplete: "off" });
  const opening = el("select", { id: "tn-opening" }, ...options([["", t("tournament.opening.standard")], ["xot", t("tournament.opening.xot")], ["random", t("tournament.opening.random")]], ""));
  const rated = el("input", { id: "tn-rated", type: "checkbox" });
  const closed = el("input", { id: "tn-closed", type: "checkbox" });
  const entrants = el("textarea", { id: "tn-entrants", rows: "2", "aria-describedby": "tn-entrants-help" });
  const error = el("p", { class: "error", role: "alert", id: "tn-error" });
  const cyclesField = field("tn-cycles", t("tournament.cycles"), cycles), roundsField = field("tn-rounds", t("tournament.rounds"), rounds);
  const incField = field("tn-increment", t("tournament.increment"), inc);
  const sync = () => {
    cyclesField.hidden = kind.value !== "round-robin";
    roundsField.hidden = kind.value !== "swiss";
    incField.hidden = clock.value !== "game";
  };
  kind.addEventListener("change", sync);
  clock.addEventListener("change", () => { amount.value = clock.value === "game" ? "5m" : "60s"; sync(); });
  sync();
  const form = el("form", { id: "tournament-form", class: "form" },
    field("tn-name", t("tournament.name"), name), field("tn-kind", t("tournament.kindLabel"), kind), cyclesField, roundsField,
    field("tn-clock", t("tournament.clockLabel"), clock), field("tn-amount", t("tournament.amount"), amount),
    el("p", { class: "small", id: "tn-amount-help", text: t("tournament.amountHelp") }), incField,
    field("tn-opening", t("tournament.openingLabel"), opening),
    el("div", { class: "field" }, rated, el("label", { for: "tn-rated", text: t("tournament.rated") })),
    el("div", { class: "field" }, closed, el("label", { for: "tn-closed", text: t("tournament.closed") })),
    field("tn-entrants", t("tournament.entrants"), entrants), el("p", { class: "small", id: "tn-entrants-help", text: t("tournament.entrantsHelp") }),
    el("button", { type: "submit", id: "tn-create", text: t("tournament.create") }), error);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    error.textContent = "";
    const req = { name: name.value, kind: kind.value, rated: rated.checked, closed: closed.checked, opening: opening.value,
      entrants: entrants.value.split(/[\s,，、]+/).filter(Boolean) };
    if (kind.value === "round-robin") req.cycles = Number(cycles.value); else req.rounds = Number(rounds.value);
    if (clock.value === "game") { req.game_time = amount.value.trim(); req.increment = inc.value.trim() || "0"; req.time = "0"; }
    else req.time = amount.value.trim();
    try {
      const r = await api("POST", "/api/tournaments", req);
      location.hash = "#tournament=" + r.id;
    } catch (e) {
      error.textContent = errorText(e);
      error.dataset.code = e?.code || "";
    }
  });
  return form;
}

// tournamentPage draws a tournament in app and follows it; it answers
// the function that stops it.
export function tournamentPage(app, id) {
  const hash = location.hash;
  let alive = true, timer = 0, version = -1;
  const h1 = el("h1", { translate: "no", text: t("tournament.title") });
  app.replaceChildren(h1, el("p", { class: "small", role: "status", text: t("profile.loading") }));
  const error = el("p", { class: "error", role: "alert", id: "tournament-error" });
  const load = async (force) => {
    clearTimeout(timer);
    let v;
    try {
      v = await api("GET", "/api/tournaments/" + encodeURIComponent(id));
    } catch (e) {
      if (!alive || left(hash)) return;
      if (version < 0) app.replaceChildren(h1, el("p", { class: "error", role: "alert", id: "tournament-error", text: errorText(e) }));
      else error.textContent = errorText(e);
      timer = setTimeout(load, every);
      return;
    }
    if (!alive || left(hash)) return;
    if (force || v.version !== version) {
      version = v.version;
      draw(v);
    }
    if (v.status === "registering" || v.status === "running") timer = setTimeout(load, every);
  };
  // act posts a change and draws the answer.
  const act = async (path, body) => {
    error.textContent = "";
    try {
      const v = await api("POST", "/api/tournaments/" + encodeURIComponent(id) + path, body);
      version = v.version;
      draw(v);
      if (v.status === "registering" || v.status === "running") { clearTimeout(timer); timer = setTimeout(load, every); }
    } catch (e) {
      error.textContent = errorText(e);
      error.dataset.code = e?.code || "";
    }
  };
  const draw = (v) => {
    const me = accountNow();
    const s = v.settings;
    h1.textContent = s.name;
    const about = el("p", { id: "tournament-about" },
      el("strong", { id: "tournament-status", "data-status": v.status, text: statusText(v.status) }), " · ",
      t("tournament.kind." + s.kind), " · ",
      s.kind === "swiss" ? t("tournament.roundsOf", { n: num(v.rounds) }) : t("tournament.cyclesOf", { n: num(s.cycles || 1) }), " · ",
      clockText(s), " · ", t("class." + v.class), " · ", t(s.rated ? "tournament.ratedMark" : "tournament.casualMark"));
    if (s.opening) about.append(" · ", t("tournament.opening." + s.opening));
    if (v.creator) about.append(" · ", t("tournament.by"), " ", playerLink(v.creator, { translate: "no" }));
    if (v.status === "running") about.append(" · ", el("span", { id: "tournament-round", text: t("tournament.roundOf", { round: num(v.round), rounds: num(v.rounds) }) }));

    const actions = el("div", { class: "actions", id: "tournament-actions" });
    const button = (id, label, f) => { const b = el("button", { type: "button", id, text: label }); b.addEventListener("click", f); actions.append(b); return b; };
    if (v.status === "registering") {
      if (!me) button("tournament-login", t("session.login"), () => openLogin("login"));
      else {
        const entered = v.players.some((p) => p.id === me.id);
        if (!entered && (!s.closed || v.creator === me.name)) button("tournament-join", t("tournament.join"), () => act("/join", {}));
        if (entered) button("tournament-leave", t("tournament.leave"), () => act("/leave", {}));
        if (me.kind === "person") {
          const who = el("input", { id: "tournament-enter-name", autocomplete: "off", "aria-label": t("tournament.enterName") });
          const enter = el("form", { class: "inline", id: "tournament-enter" }, who, el("button", { type: "submit", text: t("tournament.enter") }));
          enter.addEventListener("submit", (ev) => { ev.preventDefault(); if (who.value.trim()) act("/join", { name: who.value.trim() }); });
          actions.append(enter);
        }
        if (v.creator === me.name) button("tournament-start", t("tournament.start"), () => act("/start", {}));
      }
    }
    if (me && v.creator === me.name && (v.status === "registering" || v.status === "running")) {
      button("tournament-cancel", t("tournament.cancel"), () => { if (confirm(t("tournament.cancelSure"))) act("/cancel", {}); });
    }
    if (v.games.some((g) => g.result && g.game)) {
      actions.append(el("a", { href: "/api/tournaments/" + encodeURIComponent(v.id) + "/ggf", id: "tournament-ggf", download: "tournament-" + v.id + ".ggf", text: t("tournament.ggf") }));
    }

    const names = v.standings.map((x) => x.player.name);
    const standings = el("section", { class: "card", "aria-labelledby": "standings-title" }, el("h2", { id: "standings-title", text: t("tournament.standings") }),
      v.players.length ? el("div", { class: "table-scroll" }, el("table", { class: "games", id: "standings" },
        el("thead", {}, el("tr", {}, ...["tournament.rank", "tournament.player", "tournament.points", "tournament.games", "tournament.wdl", "tournament.byes", "tournament.tieBreak", "tournament.margin"]
          .map((k) => el("th", { scope: "col", text: t(k) })))),
        el("tbody", {}, ...v.standings.map((x) => el("tr", { "data-player": x.player.name },
          el("td", { text: num(x.rank) }), el("th", { scope: "row" }, playerLink(x.player.name, { translate: "no" })),
          el("td", { class: "points", text: points(x.points) }), el("td", { text: num(x.games) }),
          el("td", { text: `${num(x.wins)}-${num(x.draws)}-${num(x.losses)}` }), el("td", { text: num(x.byes) }),
          el("td", { text: points(x.tie_break) }), el("td", { text: (x.margin > 0 ? "+" : "") + num(x.margin) }))))))
        : el("p", { class: "small", id: "no-players", text: t("tournament.noPlayers") }));

    const cross = el("section", { class: "card", "aria-labelledby": "crosstable-title" }, el("h2", { id: "crosstable-title", text: t("tournament.crosstable") }));
    if (names.length > 1) {
      cross.append(el("div", { class: "table-scroll" }, el("table", { class: "games crosstable", id: "crosstable" },
        el("thead", {}, el("tr", {}, el("td"), ...names.map((n, j) => el("th", { scope: "col", title: n, translate: "no", text: num(j + 1) })))),
        el("tbody", {}, ...v.crosstable.map((row, i) => el("tr", {},
          el("th", { scope: "row", translate: "no", text: `${num(i + 1)}. ${names[i]}` }),
          ...row.map((cell, j) => el("td", { class: i === j ? "self" : "", text: i === j ? "—" : cell.map(points).join(" ") }))))))));
    }

    const rounds = el("section", { class: "card", "aria-labelledby": "rounds-title" }, el("h2", { id: "rounds-title", text: t("tournament.roundsTitle") }));
    for (let r = 1; r <= v.round; r++) {
      const games = v.games.filter((g) => g.round === r);
      const bye = v.byes[r - 1];
      rounds.append(el("h3", { text: t("tournament.roundN", { n: num(r) }) }), el("ul", { class: "round", id: "round-" + r },
        ...games.map((g) => el("li", { "data-game": g.game || "" },
          el("span", { translate: "no", text: `${g.black} – ${g.white}` }), " ",
          g.result ? el("strong", { class: "result", text: `${points(g.result.black)}:${points(1 - g.result.black)}` }) : el("span", { class: "small", text: t(g.game ? "tournament.playing" : "tournament.waiting") }),
          g.result?.forfeit ? [" ", el("span", { class: "small forfeit", text: t("tournament.forfeit") })] : "",
          g.game ? [" ", el("a", { href: "/game/" + g.game, text: t("tournament.watch") })] : "")),
        bye ? el("li", { class: "bye", translate: "no" }, bye, " ", el("span", { class: "small", text: t("tournament.bye") })) : ""));
    }
    if (!v.round) rounds.append(el("p", { class: "small", text: t("tournament.notStarted") }));
    app.replaceChildren(h1, about, actions, error, standings, cross, rounds);
  };
  load(true);
  const off = onAccountChange(() => { if (alive && !left(hash)) load(true); });
  return () => { alive = false; clearTimeout(timer); off(); };
}
