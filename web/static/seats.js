// The game page's players and where the game stands: each seat (its
// player, discs, turn and clock), the warning of a player's last seconds,
// and the status line under the board.

import { el } from "./dom.js";
import { t, num } from "./i18n.js";
import { seatName, side, Side, finalText, valueText, howText, forBlack } from "./words.js";
import { seatMeta, turnLeft } from "./clocks.js";
import { lowTimeSound } from "./sound.js";

// WARN is when (ms left on one's own turn) the warning starts.
const WARN = 10000;

// timeWarning is the warning of the time left (ms, null: no clock
// running for this player) on one's own turn, in its last seconds ("":
// none).
export const timeWarning = (left) => (left !== null && left < WARN ? t("game.timeWarning", { n: num(Math.max(0, Math.ceil(left / 1000))) }) : "");

// statusLine says where game s stands for seat (this browser's, null: a
// spectator), invited (the address's invitation, "" none): {warn (a
// game waiting), over (finished), text}, and its live thinking (s.live,
// the computer's as it thinks, null: none).
export function statusLine(s, seat, invite) {
  const line = { warn: false, over: s.status === "finished", text: "", live: null };
  if (s.record && !s.over) {
    line.text = t("review.recordEnds", { black: num(s.black.discs), white: num(s.white.discs) });
  } else if (s.status === "finished") {
    // Decided by a rule: the reason first, the discs as they stood.
    line.text = finalText(s.result, s);
  } else if (s.status === "waiting") {
    line.warn = true;
    line.text = t(seat ? "status.waitingFriend" : invite ? "status.invited" : "status.waitingInvited");
  } else {
    const mine = seat && s.status === "playing" && s.turn === seat.color, last = s.moves[s.moves.length - 1];
    const lastPass = last?.square === "PA" ? t("status.passed", { side: Side(last.color) }) : "";
    line.text = (seat ? "" : t("status.watching")) + lastPass + (mine ? t("status.yourMove")
      : t("status.toMove", { name: seatName(s, s.turn), side: side(s.turn) }) + (s[s.turn].kind === "builtin" ? t("status.thinking") : ""));
    const th = s.live;
    if (th) line.live = t("status.live", { how: howText(th), value: valueText(forBlack(th), th.unit), pv: (th.pv || []).join(" ").toLowerCase() });
  }
  return line;
}

// seatsPanel is the seats and the status of game() for seat() (this
// browser's, null: none), invited (the address's invitation, "" none).
// render(s) draws them for game s; clocks() draws the clocks again (each
// half second).
export function seatsPanel({ game, seat, invite }) {
  const seatEl = (c) => el("div", { class: "seat", id: "seat-" + c }, el("span", { class: "dot " + c }), el("div", { class: "who" }, el("div", { class: "name" }), el("div", { class: "meta" })), el("span", { class: "count" }));
  const seats = { black: seatEl("black"), white: seatEl("white") };
  const status = el("div", { class: "status", id: "status", role: "status" });
  const timeWarn = el("div", { class: "error", id: "time-warning", role: "alert", hidden: "hidden" });
  function clocks() {
    const s = game();
    if (!s) return;
    const now = Date.now();
    for (const c of ["black", "white"]) seats[c].querySelector(".meta").textContent = seatMeta(s, c, now);
    // A warning before a player loses on time: the last 10 seconds of the
    // move (or of the game's clock) on the player's own turn.
    const warn = timeWarning(turnLeft(s, seat(), now));
    if (warn && warn !== timeWarn.textContent) lowTimeSound(); // each second left
    timeWarn.textContent = warn;
    timeWarn.hidden = !warn;
  }
  return {
    players: el("div", { class: "players" }, seats.black, seats.white), status, timeWarn,
    clocks,
    render(s) {
      const me = seat();
      for (const c of ["black", "white"]) {
        // An account's name links to its player's page.
        const name = me && me.color === c ? t("seat.you", { name: seatName(s, c) }) : seatName(s, c);
        const account = s.accounts?.[c];
        seats[c].querySelector(".name").replaceChildren(account ? el("a", { href: "/#player=" + encodeURIComponent(account), class: "player-link", text: name }) : name);
        seats[c].querySelector(".count").textContent = num(s[c].discs);
        seats[c].classList.toggle("turn", s.status === "playing" && s.turn === c);
      }
      clocks();
      const line = statusLine(s, me, invite);
      status.className = "status" + (line.warn ? " warn" : line.over ? " over" : "");
      status.textContent = line.text;
      if (line.live) status.append(el("span", { class: "live", text: line.live }));
    },
  };
}
