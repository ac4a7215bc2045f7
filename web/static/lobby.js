// The lobby (#lobby): the open seeks, a form to seek a game or challenge
// a player, the challenges to and from the account logged in, each
// accepted, declined or cancelled in a click; the page goes to the game
// when one of its offers is taken, or when it takes one, or when a game
// starts for the account. It follows the lobby's stream (GET
// /api/lobby/ws: each news redraws the page at once, a game started
// goes to it), and asks for the lobby now and then besides (every few
// seconds while the stream is down, reopened after a pause).

import { api, errorText } from "./api.js";
import { el, options } from "./dom.js";
import { t, num } from "./i18n.js";
import { currentAccount, onAccountChange, openLogin, playerLink, accountNow } from "./session.js";

// every is how often the page asks for the lobby's news while the stream
// is down, everyWithStream while it is up; reopen is the pause before the
// stream is opened again (doubled each time it fails, up to reopenMost).
const every = 2000, everyWithStream = 20000, reopen = 1000, reopenMost = 30000;

// clockText writes an offer's clock.
function clockText(o) {
  const secs = (d) => {
    const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:([\d.]+)s)?$/.exec(d);
    return m ? (+(m[1] || 0)) * 3600 + (+(m[2] || 0)) * 60 + (+(m[3] || 0)) : 0;
  };
  if (o.game_time !== "0") return t("tournament.gameClock", { minutes: num(secs(o.game_time) / 60), inc: num(secs(o.increment)) });
  return t("tournament.moveClock", { seconds: num(secs(o.time)) });
}

// rangeText writes a seek's rating range ("" for none).
const rangeText = (o) => (o.min_rating || o.max_rating ? `${o.min_rating ? num(o.min_rating) : ""}–${o.max_rating ? num(o.max_rating) : ""}` : "");

const field = (id, label, control) => el("div", { class: "field" }, el("label", { for: id, text: label }), control);

// lobbyPage draws the lobby in app; it answers the function that stops
// it.
export function lobbyPage(app) {
  const hash = location.hash;
  let alive = true, timer = 0, ws = null, streaming = false, pause = reopen, reopenTimer = 0, soon = 0, news = 0;
  const mine = new Set(); // ids of the open offers of the account, as last seen
  const error = el("p", { class: "error", role: "alert", id: "lobby-error" });
  const seeks = el("div", { id: "lobby-seeks" });
  const challenges = el("div", { id: "lobby-challenges" });
  const formBox = el("section", { class: "card", "aria-labelledby": "lobby-new-title" });
  app.replaceChildren(el("h1", { text: t("lobby.title") }), el("p", { class: "small", text: t("lobby.about") }), formBox, error,
    el("section", { class: "card", "aria-labelledby": "lobby-challenges-title" }, el("h2", { id: "lobby-challenges-title", text: t("lobby.challenges") }), challenges),
    el("section", { class: "card", "aria-labelledby": "lobby-seeks-title" }, el("h2", { id: "lobby-seeks-title", text: t("lobby.seeks") }), seeks));
  const gone = () => !alive || location.pathname !== "/" || location.hash !== hash;
  const fail = (e) => { error.textContent = errorText(e); error.dataset.code = e?.code || ""; };
  // act posts to an offer and refreshes (an acceptance goes to its game).
  const act = async (id, what) => {
    error.textContent = "";
    try {
      const r = await api("POST", `/api/lobby/offers/${encodeURIComponent(id)}/${what}`, {});
      if (what === "accept" && r.url) { location.href = r.url; return; }
      refresh();
    } catch (e) { fail(e); refresh(); }
  };
  const button = (id, what, label) => {
    const b = el("button", { type: "button", class: "offer-" + what, "data-offer": id, text: label });
    b.addEventListener("click", () => act(id, what));
    return b;
  };
  const row = (o, me, cells) => el("tr", { "data-offer": o.id },
    ...cells, el("td", { text: clockText(o) }), el("td", { text: t("class." + o.class) }),
    el("td", { text: t(o.rated ? "tournament.ratedMark" : "tournament.casualMark") }), el("td", { text: t("lobby.color." + o.color) }),
    el("td", {}, ...(o.from === me?.name ? [button(o.id, "cancel", t("lobby.cancel"))]
      : o.to === me?.name ? [button(o.id, "accept", t("lobby.accept")), " ", button(o.id, "decline", t("lobby.decline"))]
      : me ? [button(o.id, "accept", t("lobby.accept"))] : [])));
  const table = (id, heads, rows) => el("div", { class: "table-scroll" }, el("table", { class: "games", id },
    el("thead", {}, el("tr", {}, ...heads.map((k) => el("th", { scope: "col", text: t(k) })))), el("tbody", {}, ...rows)));
  const refresh = async () => {
    clearTimeout(timer);
    if (gone()) return;
    const me = accountNow();
    try {
      const [s, c] = await Promise.all([api("GET", "/api/lobby/seeks"), me ? api("GET", "/api/lobby/challenges") : { offers: [] }]);
      if (gone()) return;
      const open = new Set([...s.offers, ...c.offers].filter((o) => o.from === me?.name).map((o) => o.id));
      // An offer of the account no longer open: taken? Then to its game.
      const pending = new Set(); // accepted, the game not made yet: asked again
      for (const id of mine) {
        if (open.has(id)) continue;
        const o = await api("GET", "/api/lobby/offers/" + encodeURIComponent(id)).catch(() => null);
        if (o?.state === "accepted" && o.game && !gone()) { location.href = "/game/" + o.game; return; }
        if (o?.state === "accepted" && !o.game) pending.add(id);
      }
      mine.clear();
      open.forEach((id) => mine.add(id));
      pending.forEach((id) => mine.add(id));
      seeks.replaceChildren(s.offers.length ? table("seeks", ["lobby.from", "tournament.clockLabel", "profile.class", "lobby.ratedLabel", "lobby.colorLabel", "lobby.actions"],
        s.offers.map((o) => {
          const r = row(o, me, [el("td", {}, playerLink(o.from, { translate: "no" }), rangeText(o) ? el("span", { class: "small", text: " (" + rangeText(o) + ")" }) : "")]);
          return r;
        })) : el("p", { class: "small", id: "no-seeks", text: t("lobby.noSeeks") }));
      challenges.replaceChildren(!me ? el("p", { class: "small", text: t("lobby.loginToSee") })
        : c.offers.length ? table("challenges", ["lobby.from", "lobby.to", "tournament.clockLabel", "profile.class", "lobby.ratedLabel", "lobby.colorLabel", "lobby.actions"],
          c.offers.map((o) => row(o, me, [el("td", {}, playerLink(o.from, { translate: "no" })), el("td", {}, playerLink(o.to, { translate: "no" }))])))
          : el("p", { class: "small", id: "no-challenges", text: t("lobby.noChallenges") }));
    } catch (e) {
      if (!gone()) fail(e);
    }
    if (!gone()) timer = setTimeout(refresh, streaming ? everyWithStream : every);
  };
  // The stream: its news redraws the page (once for a burst); a game
  // started for the account goes to it. Closed, it is opened again
  // after a pause; opened afresh when the account changes.
  const status = el("span", { id: "lobby-stream", hidden: "hidden" });
  app.append(status);
  const showStream = () => { status.dataset.state = streaming ? "open" : "closed"; status.dataset.news = String(news); };
  const openStream = () => {
    clearTimeout(reopenTimer);
    if (gone()) return;
    const s = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/api/lobby/ws");
    ws = s;
    s.onmessage = (m) => {
      if (s !== ws || gone()) return;
      let e;
      try { e = JSON.parse(m.data); } catch (_) { return; }
      if (e.type === "ready") { streaming = true; pause = reopen; showStream(); refresh(); return; }
      news++;
      showStream();
      if (e.type === "game" && e.game) { location.href = "/game/" + encodeURIComponent(e.game); return; }
      clearTimeout(soon);
      soon = setTimeout(refresh, 100);
    };
    s.onclose = () => {
      if (s !== ws) return;
      ws = null;
      streaming = false;
      showStream();
      if (gone()) return;
      reopenTimer = setTimeout(openStream, pause);
      pause = Math.min(2 * pause, reopenMost);
      refresh(); // and asks every few seconds meanwhile
    };
  };
  const restartStream = () => {
    const old = ws;
    ws = null;
    streaming = false;
    old?.close();
    openStream();
  };
  const drawForm = (a) => {
    if (!a) {
      const login = el("button", { type: "button", id: "lobby-login", text: t("session.login") });
      login.addEventListener("click", () => openLogin("login"));
      formBox.replaceChildren(el("h2", { id: "lobby-new-title", text: t("lobby.new") }), el("p", { class: "small", text: t("lobby.loginToPlay") }), login);
      return;
    }
    formBox.replaceChildren(el("h2", { id: "lobby-new-title", text: t("lobby.new") }), offerForm(refresh, fail));
  };
  currentAccount().then((a) => { if (!gone()) { drawForm(a); refresh(); openStream(); } });
  const off = onAccountChange((a) => { if (!gone()) { drawForm(a); refresh(); restartStream(); } });
  return () => {
    alive = false;
    clearTimeout(timer); clearTimeout(soon); clearTimeout(reopenTimer);
    const s = ws;
    ws = null;
    s?.close();
    off();
  };
}

// offerForm is the form that seeks a game (no opponent named) or
// challenges a player.
function offerForm(refresh, fail) {
  const to = el("input", { id: "lo-to", autocomplete: "off", "aria-describedby": "lo-to-help" });
  const clock = el("select", { id: "lo-clock" }, ...options([["move", t("tournament.clock.move")], ["game", t("tournament.clock.game")]], "game"));
  const amount = el("input", { id: "lo-amount", value: "5m", autocomplete: "off" });
  const inc = el("input", { id: "lo-increment", value: "0", autocomplete: "off" });
  const color = el("select", { id: "lo-color" }, ...options(["random", "black", "white"].map((c) => [c, t("lobby.color." + c)]), "random"));
  const rated = el("input", { id: "lo-rated", type: "checkbox" });
  const min = el("input", { id: "lo-min", type: "number", min: "0", max: "4000", step: "50" });
  const max = el("input", { id: "lo-max", type: "number", min: "0", max: "4000", step: "50" });
  const incField = field("lo-increment", t("tournament.increment"), inc);
  clock.addEventListener("change", () => { amount.value = clock.value === "game" ? "5m" : "60s"; incField.hidden = clock.value !== "game"; });
  const form = el("form", { id: "lobby-form", class: "form" },
    field("lo-to", t("lobby.opponent"), to), el("p", { class: "small", id: "lo-to-help", text: t("lobby.opponentHelp") }),
    field("lo-clock", t("tournament.clockLabel"), clock), field("lo-amount", t("tournament.amount"), amount), incField,
    field("lo-color", t("lobby.myColor"), color),
    el("div", { class: "field" }, rated, el("label", { for: "lo-rated", text: t("tournament.rated") })),
    field("lo-min", t("lobby.minRating"), min), field("lo-max", t("lobby.maxRating"), max),
    el("button", { type: "submit", id: "lo-send", text: t("lobby.send") }));
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const req = { color: color.value, rated: rated.checked };
    if (clock.value === "game") { req.game_time = amount.value.trim(); req.increment = inc.value.trim() || "0"; req.time = "0"; }
    else req.time = amount.value.trim();
    const name = to.value.trim();
    if (name) req.to = name;
    else {
      if (min.value) req.min_rating = Number(min.value);
      if (max.value) req.max_rating = Number(max.value);
    }
    try {
      await api("POST", name ? "/api/lobby/challenges" : "/api/lobby/seeks", req);
      to.value = "";
      refresh();
    } catch (e) { fail(e); }
  });
  return form;
}
