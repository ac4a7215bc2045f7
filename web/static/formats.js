// The formats a player pastes or shares: a transcript (any case, with or
// without passes, move numbers and separators), a board of 64 squares
// (on one line or eight, X/* black, O white, - or . empty, then the side
// to move), a GGF game; a position's shareable address
// (#/position/<64 squares><side>); a file to download.

// BOARD_RE reads a board with its spaces and line breaks taken out: 64
// squares, then the side to move (X, B or * black; O or W white; none:
// black).
const BOARD_RE = /^([XO*.\-_]{64})(X|O|B|W|\*|BLACK|WHITE)?$/i;

// recognise says what text is: {board: "<64 squares> X"}, {ggf}, or
// {transcript} (the server reads the last two and says what is wrong);
// null for nothing.
export function recognise(text) {
  text = (text || "").trim();
  if (!text) return null;
  const compact = text.replace(/\s+/g, "");
  const b = BOARD_RE.exec(compact);
  if (b) {
    const cells = b[1].toUpperCase().replace(/\*/g, "X").replace(/[._]/g, "-");
    const side = /^(O|W|WHITE)$/i.test(b[2] || "") ? "O" : "X";
    return { board: cells + " " + side };
  }
  const g = text.indexOf("(;");
  if (g >= 0) {
    const end = text.indexOf(";)", g);
    return { ggf: end >= 0 ? text.slice(g, end + 2) : text.slice(g) };
  }
  // Move numbers ("1.", "12...") go; the server reads the rest.
  return { transcript: text.replace(/\b\d+\.+/g, " ").replace(/\s+/g, " ").trim() };
}

// POSITION_ROUTE is the address of a position: #/position/<64 squares>
// (X O -) and the side to move (X or O).
const POSITION_ROUTE = /^#\/position\/([XO-]{64})([XO])$/i;

// positionOfHash reads a position's address ("<64 squares> X"), or null.
export function positionOfHash(hash) {
  const m = POSITION_ROUTE.exec(hash || "");
  return m ? m[1].toUpperCase() + " " + m[2].toUpperCase() : null;
}

// positionHash is the address of a position "<64 squares> X".
export const positionHash = (pos) => "#/position/" + pos.replace(" ", "");

// positionURL is the full link to a position, to share.
export const positionURL = (pos) => location.origin + "/" + positionHash(pos);

// download saves text (or a Blob) as a file named name.
export function download(name, text, type = "text/plain") {
  const url = URL.createObjectURL(text instanceof Blob ? text : new Blob([text], { type: type + ";charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
