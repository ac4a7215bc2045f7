// Tests of clocks.js: a seat's clock line and a player's time left, at a
// given moment (no waiting).

import { test } from "node:test";
import assert from "node:assert/strict";
import { seatMeta, turnLeft } from "../static/clocks.js";

const SINCE = "2026-01-01T00:00:00Z", T0 = Date.parse(SINCE);
const game = (more = {}) => ({
  status: "playing", turn: "black", turn_since: SINCE,
  black: { kind: "human", name: "ann" }, white: { kind: "builtin", name: "random" }, ...more,
});

test("seatMeta: the kind of player and its clock", () => {
  const clock = game({ game_time_ms: 60000, black: { kind: "human", clock_left_ms: 30000 }, white: { kind: "builtin", clock_left_ms: 45000 } });
  const cases = [
    ["no clock", game(), "black", T0 + 5000, "seat.human"],
    ["no clock, computer", game(), "white", T0, "seat.computer"],
    ["unknown kind", game({ white: { kind: "alien" } }), "white", T0, "seat.open"],
    ["game clock on its turn", clock, "black", T0 + 5500, "seat.human · 0:25"],
    ["game clock off its turn", clock, "white", T0 + 5500, "seat.computer · 0:45"],
    ["increment", { ...clock, increment_ms: 2000 }, "white", T0, "seat.computer · 0:45 · seat.increment"],
    ["move clock on its turn", game({ move_time_ms: 10000 }), "black", T0 + 3000, "seat.human · seat.forMove"],
    ["move clock off its turn", game({ move_time_ms: 10000 }), "white", T0 + 3000, "seat.computer"],
    ["finished", { ...clock, status: "finished" }, "black", T0 + 5500, "seat.human · 0:30"],
  ];
  for (const [name, state, c, now, want] of cases) assert.equal(seatMeta(state, c, now), want, name);
});

test("turnLeft: the less of the move's and the game's time, on one's own turn", () => {
  const black = { color: "black" };
  const cases = [
    ["no seat", game({ move_time_ms: 10000 }), null, T0, null],
    ["not its turn", game({ move_time_ms: 10000 }), { color: "white" }, T0, null],
    ["no clock", game(), black, T0, null],
    ["finished", game({ move_time_ms: 10000, status: "finished" }), black, T0, null],
    ["move clock", game({ move_time_ms: 10000 }), black, T0 + 3000, 7000],
    ["game clock", game({ game_time_ms: 60000, black: { kind: "human", clock_left_ms: 20000 } }), black, T0 + 4000, 16000],
    ["both: the less", game({ move_time_ms: 10000, game_time_ms: 60000, black: { kind: "human", clock_left_ms: 5000 } }), black, T0 + 1000, 4000],
  ];
  for (const [name, state, seat, now, want] of cases) assert.equal(turnLeft(state, seat, now), want, name);
});
