// How the page says the things of a game: the computers' names, results,
// the depth of a search, a clock.

export const fmtClock = (ms) => { ms = Math.max(0, ms); const s = Math.ceil(ms / 1000); return Math.floor(s / 60) + ":" + String(s % 60).padStart(2, "0"); };

export const OPPONENTS = [
  ["engine:level=1", "Engine, level 1 (beginner)"], ["engine:level=3", "Engine, level 3"], ["engine:level=5", "Engine, level 5"],
  ["engine:level=7", "Engine, level 7"], ["engine:level=10,time=2s", "Engine, level 10 (strongest)"],
  ["mcts:time=1s", "Monte Carlo (1 s a move)"], ["alphabeta", "The course's alpha-beta (depth 7)"],
  ["roxanne", "Roxanne"], ["greedy", "Greedy"], ["random", "Random"],
];

// displayName turns a built-in player's spec, as the server names it
// ("engine:level=5"), into the name the start page gives it.
export function displayName(name) {
  const known = OPPONENTS.find(([v]) => v === name);
  if (known) return known[1];
  let m = /^engine(?::level=(\d+))?/.exec(name);
  if (m) return m[1] ? `Engine, level ${m[1]}` : "Engine";
  if (/^mcts(:|$)/.test(name)) return "Monte Carlo";
  if (/^alphabeta(:|$)/.test(name)) return "The course's alpha-beta";
  if (/^minimax(:|$)/.test(name)) return "The course's minimax";
  m = /^(random|greedy|positional|roxanne|mobility|stable|parity|evaporation)(:|$)/.exec(name);
  return m ? m[1][0].toUpperCase() + m[1].slice(1) : name;
}

// resultText says how a finished game ended, for the list of games: the
// discs for a game scored by them, the reason for one decided by a rule.
export function resultText(r) {
  const why = { "resignation": "resigned", "timeout": "ran out of time", "illegal moves": "lost by illegal moves", "forfeit": "forfeited", "abandoned": "never came" }[r.reason];
  if (r.reason === "abandoned") return "no result (abandoned)";
  const who = r.winner === "none" ? "draw" : r.winner + " won";
  return why ? `${who} (${r.by} ${why})` : `${who} ${r.black}-${r.white}`;
}

// depthNote is the depth of a computer's search as the page shows it:
// "12", "18 at 95%" (a selective search), "7 (stopped)".
export function depthNote(t) {
  return (t.depth ?? 0) + (t.probability ? ` at ${t.probability}%` : "") + (t.stopped ? " (stopped)" : "");
}
