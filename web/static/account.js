// The page of the account logged in (#account): its games in play, its
// password, a person's studies, and a person's bots with their API keys
// (a key made is shown once, to copy; the keys listed by their prefix;
// revoking one).

import { api, errorText } from "./api.js";
import { el, copyButton } from "./dom.js";
import { t, num, date } from "./i18n.js";
import { listName, Side } from "./words.js";
import { currentAccount, onAccountChange, openLogin, playerLink, sessionEnded } from "./session.js";

// failed shows a request's error in box (a role=alert paragraph), and
// tells the session when the server says it has ended.
function failed(box, e) {
  if (e?.code === "not_logged_in") sessionEnded();
  box.textContent = errorText(e);
  box.dataset.code = e?.code || "";
}

// field is a labelled input.
const field = (id, label, attrs = {}) => [el("label", { for: id, text: label }), el("input", { id, ...attrs })];

// accountPage draws the page in app; it answers the function that stops
// it (it follows the account as it logs in or out).
export function accountPage(app) {
  let alive = true, drawn; // drawn: the account drawn (its id, or null)
  const draw = async (a) => {
    if (!alive || (drawn !== undefined && drawn === (a?.id ?? null))) return;
    drawn = a?.id ?? null;
    if (!a) {
      app.replaceChildren(el("h1", { text: t("account.title") }),
        el("section", { class: "card" },
          el("p", { text: t("account.loggedOut") }),
          el("div", { class: "row" },
            el("button", { type: "button", class: "primary", id: "account-login", on: { click: () => openLogin("login") } }, t("session.login")),
            el("button", { type: "button", id: "account-register", on: { click: () => openLogin("register") } }, t("session.register")))));
      return;
    }
    const cards = el("div", { class: "cards account-cards" });
    app.replaceChildren(el("h1", {}, t("account.title"), " ", el("span", { class: "account-name", translate: "no", text: a.name })),
      el("p", {}, playerLink(a.name, { id: "account-player", text: t("account.playerPage") })), cards);
    cards.append(gamesCard());
    if (a.kind === "person") cards.append(passwordCard(a.name), studiesCard(), botsCard());
  };
  const stop = onAccountChange((a) => { draw(a); });
  // Asked afresh: the session may have ended (or begun) elsewhere.
  currentAccount(true).then(draw, (e) => { if (alive) app.replaceChildren(el("p", { class: "error", role: "alert", text: errorText(e) })); });
  return () => { alive = false; stop(); };
}

// gamesCard lists the account's games in play, those where it is to move
// first, each a link to its game.
function gamesCard() {
  const body = el("div", { id: "my-games" });
  const card = el("section", { class: "card", "aria-labelledby": "my-games-title" }, el("h2", { id: "my-games-title", text: t("account.games") }), body);
  api("GET", "/api/account/games").then((r) => {
    if (!r.games.length) { body.replaceChildren(el("p", { class: "small", id: "no-my-games", text: t("account.noGames") })); return; }
    body.replaceChildren(el("ul", { class: "my-games" }, ...r.games.map((g) => {
      const other = g.color === "black" ? "white" : "black";
      return el("li", { "data-game": g.id, "data-to-move": g.to_move ? "1" : "0" },
        el("a", { href: "/game/" + g.id, text: t("account.against", { name: listName(g, other) }) }), " ",
        el("span", { class: "small", text: Side(g.color) + (g.rated ? " · " + t("profile.ratedYes") : "") }), " ",
        g.to_move ? el("strong", { class: "to-move", text: t("account.yourMove") }) : null);
    })));
  }, (e) => failed(body.appendChild(el("p", { class: "error", role: "alert" })), e));
  return card;
}

// studiesCard lists the person's studies, the last changed first, each
// a link to it.
function studiesCard() {
  const body = el("div", { id: "my-studies" });
  const card = el("section", { class: "card", "aria-labelledby": "my-studies-title" }, el("h2", { id: "my-studies-title", text: t("account.studies") }), body);
  api("GET", "/api/account/studies").then((r) => {
    if (!r.studies.length) { body.replaceChildren(el("p", { class: "small", id: "no-my-studies", text: t("account.noStudies") })); return; }
    body.replaceChildren(el("ul", { class: "my-studies" }, ...r.studies.map((s) =>
      el("li", { "data-study": s.id },
        el("a", { href: s.url, text: s.title || t("study.untitled") }), " ",
        el("span", { class: "small", text: t("account.studyUpdated", { when: date(s.updated) }) })))));
  }, (e) => failed(body.appendChild(el("p", { class: "error", role: "alert" })), e));
  return card;
}

// passwordCard changes the password: the old one and the new one.
function passwordCard(name) {
  const error = el("p", { class: "error", id: "password-error", role: "alert" });
  const done = el("p", { class: "ok", id: "password-done", role: "status" });
  const form = el("form", { id: "password-form", class: "card", "aria-labelledby": "password-title" },
    el("h2", { id: "password-title", text: t("account.password") }),
    // The account's name for the browser's password manager, unseen.
    el("input", { type: "text", autocomplete: "username", hidden: "hidden", value: name }),
    ...field("password-old", t("account.oldPassword"), { type: "password", autocomplete: "current-password", required: "required" }),
    ...field("password-new", t("account.newPassword"), { type: "password", autocomplete: "new-password", required: "required", "aria-describedby": "password-hint" }),
    el("small", { id: "password-hint", class: "hint-text", text: t("session.passwordHint") }),
    el("div", { class: "row" }, el("button", { type: "submit", class: "primary", id: "password-submit", text: t("account.changePassword") })),
    error, done);
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.textContent = done.textContent = "";
    const oldP = form.querySelector("#password-old"), newP = form.querySelector("#password-new");
    if (!oldP.value || !newP.value) { error.textContent = t("account.fillPasswords"); return; }
    try {
      const r = await api("POST", "/api/account/password", { old_password: oldP.value, new_password: newP.value });
      oldP.value = newP.value = "";
      done.textContent = t("account.passwordChanged", { n: num(r.sessions_ended || 0) });
    } catch (err) { failed(error, err); }
  });
  return form;
}

// botsCard lists the person's bots, each with its keys, and makes new
// ones.
function botsCard() {
  const list = el("div", { id: "bots" });
  const error = el("p", { class: "error", id: "bots-error", role: "alert" });
  const name = el("input", { id: "bot-name", type: "text", autocomplete: "off", spellcheck: "false", maxlength: "40", "aria-describedby": "bot-name-hint" });
  const form = el("form", { id: "bot-form" },
    el("label", { for: "bot-name", text: t("account.botName") }), name,
    el("small", { id: "bot-name-hint", class: "hint-text", text: t("session.nameHint") }),
    el("div", { class: "row" }, el("button", { type: "submit", id: "bot-create", text: t("account.createBot") })));
  const card = el("section", { class: "card bots-card", "aria-labelledby": "bots-title" },
    el("h2", { id: "bots-title", text: t("account.bots") }), list, form, error);
  const load = async () => {
    try {
      const r = await api("GET", "/api/account/bots");
      list.replaceChildren(...(r.bots?.length ? r.bots.map(botBox) : [el("p", { class: "small", id: "no-bots", text: t("account.noBots") })]));
    } catch (err) { failed(error, err); }
  };
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    error.textContent = "";
    if (!name.value.trim()) { error.textContent = t("account.fillBotName"); name.focus(); return; }
    try {
      await api("POST", "/api/account/bots", { name: name.value.trim() });
      name.value = "";
      await load();
    } catch (err) { failed(error, err); name.focus(); }
  });
  load();
  return card;
}

// botBox is a bot of the list: its name (a link to its page), its keys
// and the button that makes one.
function botBox(bot) {
  const keys = el("ul", { class: "keys", "data-bot": bot.name });
  const fresh = el("div", { class: "fresh-key" });
  const error = el("p", { class: "error", role: "alert" });
  const id = "bot-" + bot.name;
  const box = el("article", { class: "bot", id, "aria-labelledby": id + "-name" },
    el("h3", { id: id + "-name" }, playerLink(bot.name, { translate: "no" })),
    el("h4", { text: t("account.keys") }), keys, fresh,
    el("div", { class: "row" }, el("button", { type: "button", class: "new-key", on: { click: make } }, t("account.newKey"))),
    error);
  const path = "/api/account/bots/" + encodeURIComponent(bot.name) + "/keys";
  async function load() {
    try {
      const r = await api("GET", path);
      keys.replaceChildren(...(r.keys?.length ? r.keys.map(keyItem) : [el("li", { class: "small", text: t("account.noKeys") })]));
    } catch (err) { failed(error, err); }
  }
  function keyItem(k) {
    const item = el("li", { class: "key", "data-prefix": k.prefix },
      el("code", { translate: "no", text: k.prefix + "…" }), " ",
      el("span", { class: "small", text: t("account.keyMade", { when: date(k.created) }) }), " ");
    if (k.revoked) item.append(el("span", { class: "revoked", text: t("account.revoked", { when: date(k.revoked) }) }));
    else {
      // Revoking asks first, in place: the key stops at once, for good.
      const ask = el("span", { class: "revoke-ask", hidden: "hidden" },
        el("span", { text: t("account.revokeConfirm", { key: k.prefix }) }), " ",
        el("button", { type: "button", class: "revoke-yes danger", on: { click: async () => {
          try {
            await api("POST", path + "/" + encodeURIComponent(k.id) + "/revoke", {});
            await load();
            box.querySelector(".new-key").focus();
          } catch (err) { failed(error, err); }
        } } }, t("account.revoke")), " ",
        el("button", { type: "button", class: "revoke-no", on: { click: () => { ask.hidden = true; revoke.hidden = false; revoke.focus(); } } }, t("session.cancel")));
      const revoke = el("button", { type: "button", class: "revoke", "aria-label": t("account.revokeKey", { key: k.prefix }), on: { click: () => {
        revoke.hidden = true; ask.hidden = false; ask.querySelector(".revoke-no").focus();
      } } }, t("account.revoke"));
      item.append(revoke, ask);
    }
    return item;
  }
  async function make() {
    error.textContent = "";
    try {
      const k = await api("POST", path, {});
      const keyId = id + "-key";
      const input = el("input", { id: keyId, class: "key-shown", type: "text", readonly: "readonly", value: k.key, translate: "no", spellcheck: "false", "aria-describedby": keyId + "-warning" });
      fresh.replaceChildren(el("div", { class: "key-once", role: "status" },
        el("p", { id: keyId + "-warning", class: "warning" }, el("strong", { text: t("account.keyOnce") })),
        el("label", { for: keyId, text: t("account.key", { bot: bot.name }) }),
        el("div", { class: "row first" }, input, copyButton(t("account.copyKey"), () => k.key, { type: "button", class: "copy-key" }))));
      input.focus();
      input.select();
      await load();
    } catch (err) { failed(error, err); }
  }
  load();
  return box;
}
