// The study page (#study=ID): a tree of variations from a position, kept
// by the server (GET /api/studies/{id}), on a board: the moves as a list
// with the variations nested (a click, or the arrow keys, goes to a
// position), a move played on the board goes on along the tree or makes
// a variation, a variation deleted or promoted, a comment and marks on
// squares at each position, the title; Save (PUT, with the edit token
// this browser keeps for the study, or as its owner logged in), the
// link to copy, its GGF and SGF; read only for the others, who may make
// a copy of their own. The page keeps no rules: each position is the
// server's answer (POST /api/position), kept once fetched.

import { el, copyButton } from "./dom.js";
import { api, errorText } from "./api.js";
import { makeBoard, squareName } from "./board.js";
import { t, num } from "./i18n.js";
import { Side, side } from "./words.js";
import { ggfOf } from "./review.js";
import { moveText, discs } from "./moves.js";
import { MARKS, MAX_TITLE, pathKey, nodeAt, lineOf, addMove, removeNode, promote, setMark, cutBytes, labelText, setComment, step, keyStep, countNodes, turnAt } from "./studytree.js";

// MAX_NODES is the most positions a study holds (package study's
// MaxNodes).
const MAX_NODES = 2000;

// studyKey is where local storage keeps this browser's edit token of a
// study.
export const studyKey = (id) => "reversi-study-" + id;

// draftKey is where local storage keeps the changes to a study not yet
// saved ({revision, study}: the revision they were made on), so that a
// page left, reloaded or closed by a crash loses nothing.
export const draftKey = (id) => "reversi-study-draft-" + id;

// readDraft is the draft kept of study id (null: none, or unreadable).
function readDraft(id) {
  try {
    const d = JSON.parse(localStorage.getItem(draftKey(id)) || "null");
    return d && typeof d.revision === "number" && d.study && typeof d.study === "object" ? d : null;
  } catch (_) { return null; }
}

// startStudy creates a study from req (POST /api/studies: a game, a
// position, a record or a study to copy), keeps its edit token in this
// browser and opens it.
export async function startStudy(req) {
  const s = await api("POST", "/api/studies", req);
  try { localStorage.setItem(studyKey(s.id), s.token); } catch (_) {}
  location.href = "/#study=" + s.id;
}

// variationStart is the index in path p of the child where the
// variation the node at p is on leaves its parent's main line (-1: the
// node is on the main line below its root).
const variationStart = (p) => p.findLastIndex((k) => k !== 0);

// studyPage shows study id in app; it returns the function that stops
// it (its keys).
export function studyPage(app, id) {
  let doc = null, revision = 0, path = [], editable = false, token = "", dirty = false, tool = "move", pos = null, seq = 0, draftTimer = 0;
  try { token = localStorage.getItem(studyKey(id)) || ""; } catch (_) {}
  const cache = new Map();
  const err = el("div", { class: "error", id: "study-error" });
  const fail = (e) => { err.textContent = errorText(e); };
  const heading = el("h1", { id: "study-heading" });
  const owner = el("p", { class: "small", id: "study-owner" });
  const board = makeBoard((i) => clicked(squareName(i)));
  const where = el("p", { class: "status", id: "study-where", "aria-live": "polite" });
  const treeEl = el("div", { class: "study-tree", id: "study-tree" });
  const navButton = (idName, sign, key, to) => el("button", { id: idName, class: "step", "aria-label": t(key), title: t(key), on: { click: () => doc && go(step(doc.root, path, to)) } }, sign);
  const nav = el("div", { class: "review" }, navButton("study-first", "|◀", "review.first", "first"), navButton("study-back", "◀", "review.prev", "back"),
    navButton("study-on", "▶", "review.next", "on"), navButton("study-last", "▶|", "review.last", "last"));
  const passButton = el("button", { id: "study-pass", hidden: "hidden", on: { click: () => play("PA") } }, t("study.pass"));

  // The tools: play moves, or put a kind of mark on the squares clicked.
  const toolButtons = ["move", ...MARKS].map((k) => el("button", { type: "button", "data-tool": k, id: "study-tool-" + k, "aria-pressed": String(k === tool),
    on: { click: () => { tool = k; drawTools(); drawBoard(); } } }, t("study.tool." + k)));
  const labelInput = el("input", { type: "text", id: "study-label-text", class: "study-label-text", maxlength: 3, value: "A", "aria-label": t("study.labelText") });
  const clearMarks = el("button", { id: "study-clear-marks", on: { click: () => {
    const n = doc && nodeAt(doc.root, path);
    if (!n?.marks) return;
    delete n.marks;
    changed();
    drawBoard();
    drawTree();
  } } }, t("study.clearMarks"));
  const toolsPanel = el("div", { class: "panel", id: "study-tools-panel" }, el("h2", { text: t("study.tools") }),
    el("div", { class: "study-tools", role: "group", "aria-label": t("study.tools") }, toolButtons, labelInput, clearMarks));
  function drawTools() {
    toolButtons.forEach((b) => b.setAttribute("aria-pressed", String(b.dataset.tool === tool)));
    labelInput.hidden = tool !== "label";
  }

  // The variation's buttons: delete the position shown and what follows
  // it, promote the variation it is on.
  const deleteButton = el("button", { id: "study-delete", on: { click: () => {
    if (!doc || !path.length) return;
    const p = removeNode(doc.root, path);
    changed();
    go(p);
  } } }, t("study.delete"));
  const promoteButton = el("button", { id: "study-promote", on: { click: () => {
    const k = variationStart(path);
    if (!doc || k < 0) return;
    const p = promote(doc.root, path.slice(0, k + 1)).concat(path.slice(k + 1));
    changed();
    go(p);
  } } }, t("study.promote"));

  // The comment of the position shown: a text box to the editor, its
  // text to the reader.
  const commentBox = el("textarea", { id: "study-comment", rows: 4, on: {
    input: () => { const n = doc && nodeAt(doc.root, path); if (!n) return; setComment(n, commentBox.value); changed(); },
    change: () => drawTree(),
  } });
  const commentText = el("p", { class: "study-comment-text", id: "study-comment-text" });
  const commentPanel = el("div", { class: "panel" }, commentBox, commentText);

  // The study as a whole: its title, saving it, its link and files, a
  // copy of one's own.
  const titleInput = el("input", { type: "text", id: "study-title", maxlength: MAX_TITLE, on: { input: () => {
    if (!doc) return;
    doc.title = cutBytes(titleInput.value.replace(/[\u0000-\u001f\u007f]/g, " "), MAX_TITLE);
    if (!doc.title) delete doc.title;
    drawHeading();
    changed();
  } } });
  const titleField = el("div", {}, el("label", { for: "study-title", text: t("study.titleLabel") }), titleInput);
  const saveButton = el("button", { class: "primary", id: "study-save", on: { click: () => save() } }, t("study.save"));
  const savedNote = el("span", { class: "small", id: "study-saved", role: "status" });
  const copyLink = copyButton(t("study.copyLink"), () => location.origin + "/#study=" + id, { id: "study-copy-link" });
  const ggfLink = el("a", { class: "button", id: "study-ggf", href: `/api/studies/${id}/ggf`, download: `study-${id}.ggf` }, t("study.ggf"));
  const sgfLink = el("a", { class: "button", id: "study-sgf", href: `/api/studies/${id}/sgf`, download: `study-${id}.sgf` }, t("study.sgf"));
  const copyStudy = el("button", { id: "study-make-copy", on: { click: async () => {
    err.textContent = "";
    try { await startStudy({ study: doc }); } catch (e) { fail(e); }
  } } }, t("study.makeCopy"));
  const note = el("p", { class: "small", id: "study-note" });
  const saveRow = el("div", { class: "row" }, saveButton, savedNote);
  const variationRow = el("div", { class: "row" }, promoteButton, deleteButton);
  const filePanel = el("div", { class: "panel" }, titleField, saveRow,
    el("div", { class: "row" }, copyLink, ggfLink, sgfLink, copyStudy), note, err);

  function drawHeading() {
    const title = doc?.title || t("study.untitled");
    heading.textContent = title;
    document.title = t("study.docTitle", { title });
  }
  function changed() {
    dirty = true;
    drawSave();
    clearTimeout(draftTimer);
    draftTimer = setTimeout(keepDraft, 300);
  }
  // keepDraft writes the changes not saved to local storage (a study too
  // big for it is not kept: the warning on leaving remains).
  function keepDraft() {
    clearTimeout(draftTimer);
    if (!dirty || !doc) return;
    try { localStorage.setItem(draftKey(id), JSON.stringify({ revision, study: doc })); } catch (_) {}
  }
  function dropDraft() {
    clearTimeout(draftTimer);
    try { localStorage.removeItem(draftKey(id)); } catch (_) {}
  }
  // The draft found on opening: brought back if made on the revision
  // served; else offered as a copy of its own, or forgotten.
  const draftNote = el("div", { class: "panel", id: "study-draft", role: "status", hidden: "hidden" });
  function offerDraft(d) {
    if (d.revision === revision) {
      doc = d.study;
      doc.root ||= {};
      dirty = true;
      draftNote.replaceChildren(el("p", { text: t("study.draftRestored") }));
      draftNote.hidden = false;
      return;
    }
    draftNote.replaceChildren(el("p", { text: t("study.draftStale") }), el("div", { class: "row" },
      el("button", { id: "study-draft-copy", on: { click: async () => {
        err.textContent = "";
        try { await startStudy({ study: d.study }); dropDraft(); } catch (e) { fail(e); }
      } } }, t("study.draftCopy")),
      el("button", { id: "study-draft-discard", on: { click: () => { dropDraft(); draftNote.hidden = true; } } }, t("study.draftDiscard"))));
    draftNote.hidden = false;
  }
  function drawSave() {
    saveButton.disabled = !dirty;
    savedNote.textContent = dirty ? t("study.unsaved") : revision > 1 ? t("study.saved") : "";
    savedNote.dataset.revision = revision; // for tests
  }

  // position fetches the position at path p (its line from the start).
  async function position(p) {
    const line = lineOf(doc.root, p), key = line.join(" ");
    if (!cache.has(key)) cache.set(key, api("POST", "/api/position", { ggf: ggfOf(doc.start, line), ...(doc.rule ? { rule: doc.rule } : {}) }));
    try { return await cache.get(key); } catch (e) { cache.delete(key); throw e; }
  }
  // go shows the position at path p: the tree and the comment at once,
  // the board once the server has said where it stands (unless the
  // reader has moved on meanwhile).
  async function go(p) {
    path = p;
    pos = null;
    const mine = ++seq;
    drawTree();
    drawNode();
    try {
      const at = await position(p);
      if (mine !== seq) return false;
      pos = at;
      drawBoard();
      return true;
    } catch (e) { if (mine === seq) fail(e); return false; }
  }
  // play plays move (a legal one of the position shown, or a pass) at
  // the position shown: along the tree, or a new variation. A side left
  // without a move passes at once.
  async function play(move) {
    if (!editable || !doc || !pos) return;
    err.textContent = "";
    const n = nodeAt(doc.root, path);
    if (!n.children?.some((c) => c.move === move) && countNodes(doc.root) >= MAX_NODES) {
      err.textContent = t("study.full", { n: num(MAX_NODES) });
      return;
    }
    const p = addMove(doc.root, path, move);
    changed();
    if (await go(p) && pos.legal.length === 0 && !pos.over && !nodeAt(doc.root, p).children?.length) await play("PA");
  }
  function clicked(sq) {
    if (!editable || !doc || !pos) return;
    if (tool === "move") {
      if (pos.legal.includes(sq)) play(sq);
      return;
    }
    const n = nodeAt(doc.root, path);
    setMark(n, sq, tool, tool === "label" ? labelText(labelInput.value) : "");
    changed();
    drawBoard();
    drawTree();
  }

  function drawBoard() {
    if (!doc || !pos) return;
    const n = nodeAt(doc.root, path), line = lineOf(doc.root, path), last = line.length ? line[line.length - 1] : null;
    const playing = editable && tool === "move";
    board.update(pos.board, playing ? pos.legal : [], last, playing);
    board.marks(n.marks);
    board.el.dataset.path = pathKey(path); // the position shown, for tests
    const d = discs(pos.board);
    where.textContent = [line.length ? t("study.after", { n: num(line.length), move: moveText(last) }) : t("study.atStart"),
      pos.over ? t("study.over") : t("study.toMove", { side: Side(pos.turn) }),
      t("review.discs", { black: num(d.black), white: num(d.white) })].join(" · ");
    passButton.hidden = !(editable && pos.legal.length === 0 && !pos.over);
  }
  // drawNode shows what belongs to the position at path: its comment,
  // the buttons that apply to it.
  function drawNode() {
    const n = nodeAt(doc.root, path);
    commentBox.value = n.comment || "";
    commentText.textContent = n.comment || t("study.noComment");
    commentText.classList.toggle("small", !n.comment);
    deleteButton.disabled = !path.length;
    promoteButton.disabled = variationStart(path) < 0;
    passButton.hidden = true;
  }
  // drawTree lists the moves: the start, then each move with its
  // number, the main line inline and each other move tried nested after
  // the move it is an alternative to.
  function drawTree() {
    const focused = treeEl.contains(document.activeElement);
    const cur = pathKey(path);
    // A node: its number, its move (a button), a star if it has a
    // comment or marks.
    const button = (n, p, d) => {
      const key = pathKey(p), color = turnAt(doc.start, d - 1), noted = !!(n.comment || n.marks);
      const label = d ? t("study.moveLabel", { n: num(d), side: side(color), move: moveText(n.move) }) : t("study.startNode");
      const b = el("button", { type: "button", class: d ? "node" : "node root-node", "data-path": key, "aria-current": key === cur ? "true" : null,
        "aria-label": label + (noted ? " · " + t("study.noted") : ""), on: { click: () => go(p) } }, d ? moveText(n.move) : t("study.startNode"));
      return el("span", { class: "step" }, d ? el("span", { class: "n", "aria-hidden": "true", text: num(d) + "." }) : null, b,
        noted ? el("span", { class: "has-note", "aria-hidden": "true", text: "*" }) : null);
    };
    const line = (n, p, d) => {
      const out = [];
      while (n.children?.length) {
        const [main, ...others] = n.children;
        out.push(button(main, p.concat(0), d + 1));
        others.forEach((c, j) => {
          const q = p.concat(j + 1);
          out.push(el("div", { class: "variation", role: "group", "aria-label": t("study.variation") }, button(c, q, d + 1), line(c, q, d + 1)));
        });
        n = main;
        p = p.concat(0);
        d++;
      }
      return out;
    };
    treeEl.replaceChildren(button(doc.root, [], 0), ...line(doc.root, [], 0));
    const current = treeEl.querySelector('[aria-current="true"]');
    if (current) {
      treeEl.scrollTop = Math.max(0, current.offsetTop - treeEl.clientHeight / 2);
      if (focused) current.focus();
    }
  }

  async function save() {
    if (!editable || !doc) return;
    err.textContent = "";
    saveButton.disabled = true;
    savedNote.textContent = t("study.saving");
    try {
      const r = await api("PUT", "/api/studies/" + id, { token: token || undefined, revision, study: doc });
      revision = r.revision;
      dirty = false;
      dropDraft();
      draftNote.hidden = true;
    } catch (e) { fail(e); }
    drawSave();
  }

  // The arrow keys go through the tree (but on the board, where they
  // move between squares, and in a text box): back, on, the variations
  // above and below; Home and End the start and the end of the line.
  const onKey = (e) => {
    if (!doc || e.altKey || e.ctrlKey || e.metaKey || e.target.closest?.("input, textarea, select, svg.board")) return;
    const s = keyStep(e.key);
    if (!s) return;
    e.preventDefault();
    go(step(doc.root, path, s));
  };
  document.addEventListener("keydown", onKey);
  // Leaving the page with changes not saved: the browser asks first (the
  // draft is kept all the same).
  const onLeave = (e) => {
    if (!dirty) return;
    keepDraft();
    e.preventDefault();
    e.returnValue = "";
  };
  window.addEventListener("beforeunload", onLeave);

  app.replaceChildren(el("h1", { text: t("study.loading") }));
  api("GET", "/api/studies/" + id).then((v) => {
    doc = v.study;
    doc.root ||= {};
    revision = v.revision;
    editable = !!token || v.yours;
    const draft = editable && readDraft(id);
    if (draft) offerDraft(draft);
    drawHeading();
    owner.replaceChildren(...(v.owner ? [t("study.by") + " ", el("span", { translate: "no", text: v.owner })] : []));
    titleInput.value = doc.title || "";
    titleField.hidden = !editable;
    toolsPanel.hidden = !editable;
    commentBox.hidden = !editable;
    commentText.hidden = editable;
    commentPanel.prepend(editable ? el("label", { for: "study-comment", text: t("study.comment") }) : el("h2", { text: t("study.comment") }));
    saveRow.hidden = variationRow.hidden = !editable;
    note.textContent = editable ? t("study.editNote") : t("study.readOnly");
    app.replaceChildren(heading, owner, draftNote, el("div", { class: "layout" },
      el("div", {}, el("div", { class: "boardwrap" }, board.el), where, el("div", { class: "row" }, nav, passButton)),
      el("div", {}, toolsPanel,
        el("div", { class: "panel" }, el("h2", { text: t("study.moves") }), treeEl, variationRow,
          el("p", { class: "small", text: t("study.keys") })),
        commentPanel, filePanel)));
    drawTools();
    drawSave();
    go([]);
  }).catch((e) => app.replaceChildren(el("h1", { text: t(e.code === "no_study" ? "study.none" : "study.title") }), el("p", { class: "error", text: errorText(e) })));
  return () => {
    keepDraft();
    document.removeEventListener("keydown", onKey);
    window.removeEventListener("beforeunload", onLeave);
  };
}
