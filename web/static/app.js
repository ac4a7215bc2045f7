// reversi's web GUI: no build step, no framework. The server is the
// referee: the page sends moves and draws what the server says.

// This module starts the page in its language and routes; each page and
// part has a module of its own: i18n.js (languages), dom.js, api.js (the
// API), board.js, graph.js, words.js (the texts of a game), start.js,
// game.js (the game page, put together from live.js, seats.js,
// toolbar.js, analysis.js, moves.js and gamegraphs.js), review.js (a
// game's positions and variations), wholegame.js (the whole game's
// analysis), editor.js, explorer.js (the opening explorer), formats.js
// (what a player pastes or shares), session.js (the account logged in,
// the header's widget), account.js (its page), player.js (players' pages
// and the leaderboard), tournaments.js (the tournaments the server plays),
// lobby.js (seeks and challenges), study.js (a study's tree of
// variations, studytree.js its changes), studies.js (the studies of the
// account and of this browser).

import { LANGUAGES, chosenLanguage, useLanguage, language, translateStatic, t } from "./i18n.js";
import { options } from "./dom.js";
import { startPage } from "./start.js";
import { gamePage } from "./game.js";
import { editorPage } from "./editor.js";
import { labPage } from "./lab.js";
import { explorerPage } from "./explorer.js";
import { positionOfHash } from "./formats.js";
import { sessionWidget } from "./session.js";
import { accountPage } from "./account.js";
import { playerPage, leaderboardPage } from "./player.js";
import { tournamentsPage, tournamentPage } from "./tournaments.js";
import { lobbyPage } from "./lobby.js";
import { studyPage } from "./study.js";
import { studiesPage } from "./studies.js";

const app = document.getElementById("app");

// route shows the page of the address: a game, a record reviewed
// (#review=..., a GGF game or a transcript), the algorithm lab (#lab=<64
// squares> X), the opening explorer (#explore=..., explorer.js), the
// account logged in (#account, account.js), a player's page
// (#player=NAME) and a class's leaderboard (#leaderboard=CLASS,
// player.js), the tournaments (#tournaments) and one of them
// (#tournament=ID, tournaments.js), the lobby (#lobby, lobby.js), a
// study (#study=ID, study.js) and the studies (#studies, studies.js), the editor (#edit=...,
// with a board, a transcript or a GGF game; #/position/<64 squares><side>,
// a shared position, analysed at once), or the start page. The page shown
// before is stopped first; the new one opens at its top.
let current = "", stop = null;
function route() {
  stop?.();
  stop = null;
  const m = /^\/game\/([0-9a-f]+)$/.exec(location.pathname);
  if (m) { current = "game"; stop = gamePage(app, m[1]); }
  else if (location.hash.startsWith("#review=")) { current = "record"; stop = gamePage(app, null, decodeURIComponent(location.hash.slice(8))); }
  else if (location.hash.startsWith("#lab=")) { current = "lab"; stop = labPage(app, decodeURIComponent(location.hash.slice(5))); }
  else if (location.hash.startsWith("#explore=")) { current = "explorer"; explorerPage(app, decodeURIComponent(location.hash.slice(9))); }
  else if (location.hash === "#account") { current = "account"; stop = accountPage(app); }
  else if (location.hash.startsWith("#player=")) { current = "player"; playerPage(app, decodeURIComponent(location.hash.slice(8))); }
  else if (/^#leaderboard(=|$)/.test(location.hash)) { current = "leaderboard"; leaderboardPage(app, decodeURIComponent(location.hash.slice(13))); }
  else if (location.hash === "#lobby") { current = "lobby"; stop = lobbyPage(app); }
  else if (location.hash === "#tournaments") { current = "tournaments"; stop = tournamentsPage(app); }
  else if (location.hash.startsWith("#tournament=")) { current = "tournament"; stop = tournamentPage(app, decodeURIComponent(location.hash.slice(12))); }
  else if (location.hash === "#studies") { current = "studies"; studiesPage(app); }
  else if (location.hash.startsWith("#study=")) { current = "study"; stop = studyPage(app, decodeURIComponent(location.hash.slice(7))); }
  else if (location.hash.startsWith("#edit=")) { current = "editor"; editorPage(app, decodeURIComponent(location.hash.slice(6))); }
  else if (positionOfHash(location.hash)) { current = "editor"; editorPage(app, positionOfHash(location.hash), true); }
  else { current = "start"; startPage(app); }
  // A page opened from another (the start page scrolled down to its
  // paste box, say) opens at its top, not where the other was.
  if (current !== "start") window.scrollTo(0, 0);
}
// On the start page, #games and #analyse are places on the page; from the
// editor they lead back to it.
window.addEventListener("hashchange", () => {
  if (current === "game") return;
  if (/^#(edit|review|lab|explore|player|leaderboard|tournament|study)=/.test(location.hash) || /^#(account|leaderboard|tournaments|lobby|studies)$/.test(location.hash) || positionOfHash(location.hash) ||
    ["editor", "record", "lab", "explorer", "account", "player", "leaderboard", "tournaments", "tournament", "lobby", "study", "studies"].includes(current)) route();
});

// The language switch, in the header: the choice is remembered, and the
// page is drawn again in it.
const switcher = document.getElementById("lang");
switcher.addEventListener("change", async () => {
  await useLanguage(switcher.value, true);
  translateStatic();
  sessionWidget(document.getElementById("session"));
  route();
});

await useLanguage(chosenLanguage());
// Each language is named in itself, in every language: not translated.
switcher.replaceChildren(...options(LANGUAGES, language()).map((o) => { o.setAttribute("translate", "no"); return o; }));
translateStatic();
document.title = t("app.name");
sessionWidget(document.getElementById("session"));
route();
