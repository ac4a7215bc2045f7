// The board as a picture: a standalone SVG file (the styles the page
// gives it written into it) or a PNG drawn from it, to download.

const PROPS = ["fill", "stroke", "stroke-width", "font-size", "font-weight", "font-family", "text-anchor", "dominant-baseline", "visibility", "opacity"];

// boardSVG returns the board drawn by svg (the page's) as the text of an
// SVG file of size pixels: what the reader sees, without what the page
// needs to be used (focus, roles, labels).
export async function boardSVG(svg, size = 800) {
  // The discs that turn are drawn as they end.
  await Promise.all(svg.getAnimations({ subtree: true }).map((a) => a.finished.catch(() => null)));
  const copy = svg.cloneNode(true);
  const from = [svg, ...svg.querySelectorAll("*")], to = [copy, ...copy.querySelectorAll("*")];
  from.forEach((e, i) => {
    const cs = getComputedStyle(e), c = to[i];
    c.removeAttribute("class");
    for (const a of ["tabindex", "role", "aria-label", "aria-hidden", "data-flipped"]) c.removeAttribute(a);
    // As presentation attributes, not a style attribute, which the page's
    // Content-Security-Policy refuses.
    for (const p of PROPS) { const v = cs.getPropertyValue(p); if (v) c.setAttribute(p, v); }
  });
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  copy.setAttribute("width", size);
  copy.setAttribute("height", size);
  return '<?xml version="1.0" encoding="UTF-8"?>\n' + new XMLSerializer().serializeToString(copy) + "\n";
}

// boardPNG returns the board as a PNG image of size pixels.
export async function boardPNG(svg, size = 800) {
  const text = await boardSVG(svg, size);
  const url = URL.createObjectURL(new Blob([text], { type: "image/svg+xml" }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const canvas = document.createElement("canvas");
    canvas.width = canvas.height = size;
    canvas.getContext("2d").drawImage(img, 0, 0, size, size);
    return await new Promise((ok, fail) => canvas.toBlob((b) => (b ? ok(b) : fail(new Error("no PNG"))), "image/png"));
  } finally { URL.revokeObjectURL(url); }
}
