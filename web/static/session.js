// The account logged in, shared by every page: who it is (GET
// /api/account, asked once and kept), logging in, registering and logging
// out, a change event for the pages that show it, and the header's
// widget (a dialog to log in or register; the name and its menu once
// logged in).

import { api, errorText } from "./api.js";
import { el } from "./dom.js";
import { t } from "./i18n.js";

// known is the account logged in: undefined until asked, null for
// nobody, else the server's account ({id, kind, name, created}).
// accountsOff says the server keeps no accounts (501 no_accounts).
let known, asking = null, accountsOff = false;
const events = new EventTarget();

// set keeps the account and tells the listeners when it changed.
function set(a) {
  const before = known;
  known = a;
  if ((before?.id ?? null) !== (a?.id ?? null) || before === undefined) events.dispatchEvent(new Event("change"));
}

// currentAccount answers the account logged in, or null: the one kept,
// unless refresh (or never asked), then the server's.
export async function currentAccount(refresh = false) {
  if (known !== undefined && !refresh) return known;
  if (!asking) {
    asking = api("GET", "/api/account").then((a) => a, (e) => {
      if (e.code === "no_accounts") accountsOff = true;
      if (e.status === 401 || e.status === 501 || e.code === "account_disabled") return null;
      throw e;
    }).then((a) => { set(a); return a; }).finally(() => { asking = null; });
  }
  return asking;
}

// accountNow is the account kept (null for nobody, undefined if not yet
// asked), without asking.
export const accountNow = () => known;

// hasAccounts says whether the server keeps accounts (as far as known).
export const hasAccounts = () => !accountsOff;

// onAccountChange calls f(account) whenever the account logged in
// changes (a login, a logout, a session found ended); it answers the
// function that stops it.
export function onAccountChange(f) {
  const h = () => f(known);
  events.addEventListener("change", h);
  return () => events.removeEventListener("change", h);
}

// login logs in by name and password and answers the account (an
// ApiError if refused: bad_credentials, login_rate_limited...).
export async function login(name, password) {
  const a = await api("POST", "/api/account/login", { name, password });
  set(a);
  return a;
}

// register makes a person's account, logged in at once; invitation is
// the operator's code on an invitation-only server ("" elsewhere).
export async function register(name, password, invitation = "") {
  const body = { name, password };
  if (invitation) body.invitation = invitation;
  const a = await api("POST", "/api/account/register", body);
  set(a);
  return a;
}

// logout ends the session.
export async function logout() {
  await api("POST", "/api/account/logout", {});
  set(null);
}

// sessionEnded is for a page whose request was refused with
// not_logged_in: the session is gone, and every view of it says so.
export function sessionEnded() { set(null); }

// playerLink is a link to an account's player page.
export const playerLink = (name, attrs = {}) => el("a", { href: "#player=" + encodeURIComponent(name), ...attrs }, name);

// The dialog to log in or register: one form, in either mode.
let dialog = null;

function openDialog(mode, opener) {
  dialog?.remove();
  const title = el("h2", { id: "session-title" });
  const error = el("p", { id: "session-error", class: "error", role: "alert" });
  const name = el("input", { id: "session-name", type: "text", required: "required", autocomplete: "username", autocapitalize: "none", spellcheck: "false", maxlength: "40" });
  const password = el("input", { id: "session-password", type: "password", required: "required" });
  const nameHint = el("small", { id: "session-name-hint", class: "hint-text", text: t("session.nameHint") });
  const passwordHint = el("small", { id: "session-password-hint", class: "hint-text", text: t("session.passwordHint") });
  const invitation = el("input", { id: "session-invitation", type: "text", autocomplete: "off", spellcheck: "false" });
  const invitationRow = el("div", { id: "session-invitation-row", hidden: "hidden" },
    el("label", { for: "session-invitation", text: t("session.invitation") }), invitation);
  const submit = el("button", { id: "session-submit", type: "submit", class: "primary" });
  const other = el("button", { id: "session-switch", type: "button", class: "link" });
  const cancel = el("button", { id: "session-cancel", type: "button", text: t("session.cancel") });
  const form = el("form", { id: "session-form", novalidate: "novalidate" },
    title,
    el("label", { for: "session-name", text: t("session.name") }), name, nameHint,
    el("label", { for: "session-password", text: t("session.password") }), password, passwordHint,
    invitationRow, error,
    el("div", { class: "row" }, submit, cancel), el("div", { class: "row" }, other));
  dialog = el("dialog", { id: "session-dialog", class: "session-dialog", "aria-labelledby": "session-title" }, form);
  const show = (m) => {
    mode = m;
    const reg = m === "register";
    title.textContent = t(reg ? "session.registerTitle" : "session.loginTitle");
    submit.textContent = t(reg ? "session.register" : "session.login");
    other.textContent = t(reg ? "session.toLogin" : "session.toRegister");
    password.setAttribute("autocomplete", reg ? "new-password" : "current-password");
    nameHint.hidden = passwordHint.hidden = !reg;
    name.setAttribute("aria-describedby", reg ? "session-name-hint" : "session-error");
    password.setAttribute("aria-describedby", reg ? "session-password-hint" : "session-error");
    if (!reg) invitationRow.hidden = true;
    error.textContent = "";
    dialog.dataset.mode = m;
  };
  other.addEventListener("click", () => { show(mode === "register" ? "login" : "register"); name.focus(); });
  cancel.addEventListener("click", () => dialog.close());
  dialog.addEventListener("close", () => { dialog.remove(); dialog = null; if (opener?.isConnected) opener.focus(); else document.getElementById("session-open")?.focus(); });
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!name.value.trim() || !password.value) {
      error.textContent = t("session.fill");
      (name.value.trim() ? password : name).focus();
      return;
    }
    submit.disabled = true;
    error.textContent = "";
    try {
      if (mode === "register") await register(name.value.trim(), password.value, invitation.value.trim());
      else await login(name.value.trim(), password.value);
      dialog.close();
    } catch (err) {
      error.textContent = errorText(err);
      error.dataset.code = err.code || "";
      if (err.code === "invitation_required" || err.code === "bad_invitation") {
        invitationRow.hidden = false;
        invitation.focus();
      } else if (err.code === "bad_credentials" || err.code === "bad_password") {
        password.select();
        password.focus();
      } else if (err.code === "bad_name" || err.code === "name_taken") {
        name.select();
        name.focus();
      }
    } finally {
      submit.disabled = false;
    }
  });
  show(mode);
  document.body.append(dialog);
  dialog.showModal();
  name.focus();
}

// openLogin opens the dialog to log in ("login") or register
// ("register"), for a page that asks for an account.
export function openLogin(mode = "login") { openDialog(mode, document.activeElement); }

// sessionWidget fills the header's place for the account: buttons to log
// in and register, or the name (a link to its player page) and a menu of
// the account (my account, log out). It follows the account as it
// changes; call it again to redraw it in another language.
export function sessionWidget(box) {
  const draw = (a) => {
    if (a === undefined || (a === null && accountsOff)) { box.replaceChildren(); return; }
    if (a === null) {
      box.replaceChildren(
        el("button", { id: "session-open", type: "button", class: "top-button", on: { click: (e) => openDialog("login", e.currentTarget) } }, t("session.login")),
        el("button", { id: "session-register", type: "button", class: "top-button", on: { click: (e) => openDialog("register", e.currentTarget) } }, t("session.register")));
      return;
    }
    const menu = el("ul", { id: "session-menu", class: "session-menu", hidden: "hidden" },
      el("li", {}, el("a", { href: "#account", id: "session-account", text: t("session.myAccount") })),
      el("li", {}, el("button", { id: "session-logout", type: "button", text: t("session.logout") })));
    const toggle = el("button", { id: "session-toggle", type: "button", class: "top-button", "aria-expanded": "false", "aria-controls": "session-menu", "aria-label": t("session.menu") }, "▾");
    const setOpen = (open) => { menu.hidden = !open; toggle.setAttribute("aria-expanded", String(open)); };
    toggle.addEventListener("click", () => { setOpen(menu.hidden); if (!menu.hidden) menu.querySelector("a").focus(); });
    box.replaceChildren(playerLink(a.name, { id: "session-name-link", class: "session-name", translate: "no" }), toggle, menu);
    menu.addEventListener("click", () => setOpen(false));
    menu.addEventListener("keydown", (e) => { if (e.key === "Escape") { setOpen(false); toggle.focus(); } });
    menu.querySelector("#session-logout").addEventListener("click", async () => {
      try { await logout(); } catch (err) {
        if (err.code === "not_logged_in") sessionEnded();
        else box.append(el("span", { class: "session-failed", role: "alert", text: errorText(err) }));
      }
    });
  };
  if (!box.dataset.follows) {
    box.dataset.follows = "1";
    onAccountChange(draw);
    // The menu closes when the focus or a click goes elsewhere.
    const close = () => {
      const m = box.querySelector("#session-menu");
      if (m && !m.hidden) { m.hidden = true; box.querySelector("#session-toggle")?.setAttribute("aria-expanded", "false"); }
    };
    box.addEventListener("focusout", (e) => { if (e.relatedTarget && !box.contains(e.relatedTarget)) close(); });
    document.addEventListener("click", (e) => { if (!box.contains(e.target)) close(); });
  }
  draw(known);
  currentAccount().catch(() => {});
}
