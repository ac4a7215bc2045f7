// A study's tree as the page changes it: the JSON of package study (a
// root node, each node's move, comment, marks and children, the first
// child the main line), changed in place; a node is named by its path,
// the indexes of the children from the root. The page keeps no rules:
// the moves it adds are the legal ones the server gave for the position.

// The bounds the server holds a study to (package study).
export const MAX_COMMENT = 2000; // bytes of UTF-8
export const MAX_TITLE = 200;
export const MAX_LABEL = 3; // characters

// MARKS are the kinds of marks, in the order of the tools.
export const MARKS = ["circle", "cross", "triangle", "square", "label"];

// pathKey writes a path ("0.0.1"; "" the root); parsePath reads it back.
export const pathKey = (p) => p.join(".");
export const parsePath = (s) => (s ? s.split(".").map(Number) : []);

// nodeAt is the node at path p (null if there is none).
export function nodeAt(root, p) {
  let n = root;
  for (const k of p) {
    n = n?.children?.[k];
    if (!n) return null;
  }
  return n;
}

// lineOf is the moves from the start to the node at p.
export function lineOf(root, p) {
  const line = [];
  let n = root;
  for (const k of p) {
    n = n.children[k];
    line.push(n.move);
  }
  return line;
}

// addMove plays move at the node at p: to its child with that move if
// there is one, else a new last child (the main line if it is the
// first). It returns the path of that child.
export function addMove(root, p, move) {
  const n = nodeAt(root, p);
  n.children ||= [];
  const i = n.children.findIndex((c) => c.move === move);
  if (i >= 0) return p.concat(i);
  n.children.push({ move });
  return p.concat(n.children.length - 1);
}

// removeNode deletes the node at p (not the root) and all below it, and
// returns its parent's path.
export function removeNode(root, p) {
  if (!p.length) return p;
  const parent = nodeAt(root, p.slice(0, -1));
  parent.children.splice(p[p.length - 1], 1);
  if (!parent.children.length) delete parent.children;
  return p.slice(0, -1);
}

// promote makes the node at p its parent's first child (the main line
// there) and returns its new path.
export function promote(root, p) {
  if (!p.length) return p;
  const parent = nodeAt(root, p.slice(0, -1)), k = p[p.length - 1];
  const [n] = parent.children.splice(k, 1);
  parent.children.unshift(n);
  return p.slice(0, -1).concat(0);
}

// isMain says whether the node at p is on the main line from the root.
export const isMain = (p) => p.every((k) => k === 0);

// setMark puts a mark of kind (with label, for a label mark) on square
// of node n, in the order of the squares; the same mark again takes it
// off (a tool clicked twice); kind null takes any mark off the square.
export function setMark(n, square, kind, label = "") {
  const marks = (n.marks || []).filter((m) => m.square !== square);
  const had = (n.marks || []).find((m) => m.square === square);
  const same = had && had.mark === kind && (kind !== "label" || had.label === label);
  if (kind && !same) marks.push(kind === "label" ? { square, mark: kind, label } : { square, mark: kind });
  marks.sort((a, b) => squareOrder(a.square) - squareOrder(b.square));
  if (marks.length) n.marks = marks;
  else delete n.marks;
}

// squareOrder is a square's number, A1 0 to H8 63.
const squareOrder = (sq) => (sq.charCodeAt(1) - 49) * 8 + (sq.toUpperCase().charCodeAt(0) - 65);

// cutBytes cuts text to at most max bytes of UTF-8, between characters.
export function cutBytes(text, max) {
  const enc = new TextEncoder();
  if (enc.encode(text).length <= max) return text;
  let out = "", size = 0;
  for (const ch of text) {
    const n = enc.encode(ch).length;
    if (size + n > max) break;
    out += ch;
    size += n;
  }
  return out;
}

// labelText is what a label tool writes: the text given, cut to its
// characters at most, or "A" if none.
export const labelText = (text) => [...(text || "").trim()].slice(0, MAX_LABEL).join("") || "A";

// setComment sets node n's comment (cut to its bound; "" takes it off).
export function setComment(n, text) {
  text = cutBytes(text.replace(/\r\n?/g, "\n"), MAX_COMMENT);
  if (text) n.comment = text;
  else delete n.comment;
}

// step is where a key goes from the node at p: "back" its parent,
// "on" its first child, "up" and "down" the variation before or after
// it among its siblings, "first" the root, "last" the end of the main
// continuation below it. It returns the path, or p if there is nowhere
// to go.
export function step(root, p, where) {
  const n = nodeAt(root, p);
  switch (where) {
    case "back": return p.length ? p.slice(0, -1) : p;
    case "on": return n?.children?.length ? p.concat(0) : p;
    case "first": return [];
    case "last": {
      let q = p, m = n;
      while (m?.children?.length) { q = q.concat(0); m = m.children[0]; }
      return q;
    }
    case "up": case "down": {
      if (!p.length) return p;
      const siblings = nodeAt(root, p.slice(0, -1)).children, k = p[p.length - 1] + (where === "up" ? -1 : 1);
      return k >= 0 && k < siblings.length ? p.slice(0, -1).concat(k) : p;
    }
  }
  return p;
}

// keyStep is the step of a key (the arrows, Home and End), null for
// another.
export const keyStep = (key) => ({ ArrowLeft: "back", ArrowRight: "on", ArrowUp: "up", ArrowDown: "down", Home: "first", End: "last" }[key] || null);

// countNodes counts the nodes of the tree, the root's included.
export function countNodes(n) {
  return 1 + (n.children || []).reduce((s, c) => s + countNodes(c), 0);
}

// turnAt is the colour to move at depth d below the root, whose side to
// move is the start's ("X" or "O" after its 64 squares): every move or
// pass hands the turn over.
export function turnAt(start, d) {
  const first = start.trim().slice(-1) === "O" ? "white" : "black";
  return d % 2 === 0 ? first : first === "black" ? "white" : "black";
}
