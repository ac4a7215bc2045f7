// The seats' clocks: what a seat's line says of its player and clock, and
// the time a player has left on its own turn (the warning of the last
// seconds). Pure: a game's state and the time now in.

import { t, num } from "./i18n.js";
import { fmtClock } from "./words.js";

// KINDS are the keys of the kinds of player a seat holds.
const KINDS = { builtin: "seat.computer", human: "seat.human", bot: "seat.bot", open: "seat.open" };

// seatMeta is the line under seat c's name (black or white) in game
// state at time now (ms since the epoch): the kind of player, then the
// game's clock left (less the turn's time so far) and its increment, or
// the time left for the move on the player's turn.
export function seatMeta(state, c, now) {
  const s = state[c];
  let txt = t(KINDS[s.kind] || "seat.open");
  if (state.game_time_ms && s.clock_left_ms !== undefined) {
    let left = s.clock_left_ms;
    if (state.status === "playing" && state.turn === c && state.turn_since) left -= now - Date.parse(state.turn_since);
    txt += " · " + fmtClock(left);
    // A Fischer clock: the increment each move adds (the server's
    // clock_left_ms has those of the moves played).
    if (state.increment_ms) txt += " · " + t("seat.increment", { n: num(state.increment_ms / 1000) });
  } else if (state.move_time_ms && state.status === "playing" && state.turn === c && state.turn_since) {
    txt += " · " + t("seat.forMove", { clock: fmtClock(state.move_time_ms - (now - Date.parse(state.turn_since))) });
  }
  return txt;
}

// turnLeft is the time (ms) the player at seat has left at time now on
// its own turn, the less of the move's and the game's clock; null when it
// is not that player's turn or the game has no clock.
export function turnLeft(state, seat, now) {
  if (!(seat && state.status === "playing" && state.turn === seat.color && state.turn_since)) return null;
  const spent = now - Date.parse(state.turn_since), mine = state[seat.color];
  const lefts = [];
  if (state.move_time_ms) lefts.push(state.move_time_ms - spent);
  if (state.game_time_ms && mine.clock_left_ms !== undefined) lefts.push(mine.clock_left_ms - spent);
  return lefts.length ? Math.min(...lefts) : null;
}
