// A finished game's rematch: the new game it creates (the same players,
// colours swapped, the same clocks and start: the start position and the
// moves given with it, such as an XOT opening), or, between two people,
// that each asks for it. Pure: a game's state and this browser's seat in.

// START is the standard start position, as a game's start says it.
const START = "---------------------------OX------XO--------------------------- X";

// rematchRequest is the new game a rematch of game s creates, seen from
// seat (this browser's {color, token}, or null): {req, me}, the request
// to create it and the colour this browser then plays (null: it
// watches); null when there is none to offer (a game not finished, one
// between people, or one this browser only watches while a person plays).
export function rematchRequest(s, seat) {
  if (s.status !== "finished") return null;
  const kinds = [s.black.kind, s.white.kind];
  const mine = seat && s[seat.color].kind === "human" ? seat.color : null;
  const computers = kinds.every((k) => k === "builtin");
  const other = mine && s[mine === "black" ? "white" : "black"];
  if (!computers && !(mine && other.kind === "builtin")) return null;
  const swapped = { black: s.white, white: s.black };
  const req = { time: s.move_time_ms ? s.move_time_ms + "ms" : "0" };
  if (s.game_time_ms) req.game_time = s.game_time_ms + "ms";
  if (s.game_time_ms && s.increment_ms) req.increment = s.increment_ms + "ms";
  if (s.start && s.start !== START) req.board = s.start;
  // The moves the game was made with (an XOT or random opening, a
  // transcript): played again, each side now with the other colour.
  const given = (s.moves || []).slice(0, s.opening_moves || 0);
  if (given.length) req.transcript = given.map((m) => m.square).join(" ");
  for (const c of ["black", "white"]) {
    const p = swapped[c];
    // A person who gave no name gives none again (the page names them).
    req[c] = p.kind === "builtin" ? { kind: "builtin", spec: p.name } : p.unnamed ? { kind: "human" } : { kind: "human", name: p.name };
  }
  return { req, me: mine && (mine === "black" ? "white" : "black") };
}

// friendsRematch says whether game s is a finished game between two
// people in which this browser has a seat: each then asks for the
// rematch (POST .../rematch); once both have, each gets the new game and
// its seat.
export const friendsRematch = (s, seat) => seat && s.status === "finished" && s.black.kind === "human" && s.white.kind === "human";
