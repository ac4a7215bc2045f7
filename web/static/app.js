// reversi's web GUI: no build step, no framework. The server is the
// referee: the page sends moves and draws what the server says.

// This module routes; each page and part has a module of its own:
// dom.js, api.js, board.js, graph.js, words.js, start.js, game.js,
// editor.js.

import { startPage } from "./start.js";
import { gamePage } from "./game.js";
import { editorPage } from "./editor.js";

const app = document.getElementById("app");

// route shows the page of the address: a game, the editor (#edit=...,
// with a board, a transcript or a GGF game), or the start page.
let current = "";
function route() {
  const m = /^\/game\/([0-9a-f]+)$/.exec(location.pathname);
  if (m) { current = "game"; gamePage(app, m[1]); }
  else if (location.hash.startsWith("#edit=")) { current = "editor"; editorPage(app, decodeURIComponent(location.hash.slice(6))); }
  else { current = "start"; startPage(app); }
}
// On the start page, #games and #analyse are places on the page; from the
// editor they lead back to it.
window.addEventListener("hashchange", () => {
  if (current === "game") return;
  if (location.hash.startsWith("#edit=") || current === "editor") route();
});
route();
