// Geometry and drawing of the three board styles as SVG (vector, so it stays crisp at any
// size and devicePixelRatio). Pure drawing: no input handling, no game rules.

const NS = "http://www.w3.org/2000/svg";

/** Creates an SVG element with attributes. */
export function svgEl(tag, attrs = {}, parent = null) {
  const el = document.createElementNS(NS, tag);
  for (const [key, value] of Object.entries(attrs)) el.setAttribute(key, String(value));
  if (parent) parent.appendChild(el);
  return el;
}

/** Which look a board gets: go-style intersections, paper cells, or a Connect Four frame. */
export function boardStyle(variant) {
  if (variant.gravity) return "drop";
  return variant.rows * variant.cols <= 121 ? "cells" : "go";
}

/**
 * Geometry of a board: where every cell's centre is, how big a piece is, the view box.
 * Row 0 is the bottom row, so y grows as the row number falls.
 */
export function geometry(variant, style) {
  const { rows, cols } = variant;
  if (style === "go") {
    const s = 40;
    const pad = 44;
    return {
      s, rows, cols, style, padLeft: pad, padTop: 30, width: pad + (cols - 1) * s + 30,
      height: 30 + (rows - 1) * s + pad, radius: s * 0.46,
      x: (col) => pad + col * s,
      y: (row) => 30 + (rows - 1 - row) * s,
    };
  }
  if (style === "cells") {
    const s = rows <= 3 ? 120 : 56;
    const pad = rows <= 3 ? 36 : 30;
    return {
      s, rows, cols, style, padLeft: pad, padTop: 8, width: pad + cols * s + 8,
      height: 8 + rows * s + pad, radius: s * 0.34,
      x: (col) => pad + (col + 0.5) * s,
      y: (row) => 8 + (rows - 1 - row + 0.5) * s,
    };
  }
  const s = 64;
  const top = Math.ceil(s * 0.85); // room above the frame for the hovering disc
  return {
    s, rows, cols, style, padLeft: 12, padTop: top, width: 24 + cols * s,
    height: top + rows * s + 12 + 30, radius: s * 0.4,
    x: (col) => 12 + (col + 0.5) * s,
    y: (row) => top + 6 + (rows - 1 - row + 0.5) * s,
  };
}

function starPoints(n) {
  if (n < 9) return [];
  const edge = n >= 13 ? 3 : 2;
  const points = [edge, n - 1 - edge];
  if (n % 2 === 1) points.splice(1, 0, (n - 1) / 2);
  return points;
}

function defs(svg, uid) {
  const d = svgEl("defs", {}, svg);
  const black = svgEl("radialGradient", { id: `${uid}-black`, cx: "35%", cy: "30%", r: "70%" }, d);
  svgEl("stop", { offset: "0%", "stop-color": "#6b6b6b" }, black);
  svgEl("stop", { offset: "100%", "stop-color": "#0c0c0c" }, black);
  const white = svgEl("radialGradient", { id: `${uid}-white`, cx: "35%", cy: "30%", r: "75%" }, d);
  svgEl("stop", { offset: "0%", "stop-color": "#ffffff" }, white);
  svgEl("stop", { offset: "100%", "stop-color": "#cfcac0" }, white);
  const wood = svgEl("linearGradient", { id: `${uid}-wood`, x1: "0", y1: "0", x2: "1", y2: "1" }, d);
  svgEl("stop", { offset: "0%", "stop-color": "#e8c17a" }, wood);
  svgEl("stop", { offset: "100%", "stop-color": "#d6a554" }, wood);
  const red = svgEl("radialGradient", { id: `${uid}-red`, cx: "40%", cy: "35%", r: "70%" }, d);
  svgEl("stop", { offset: "0%", "stop-color": "#ff6b5e" }, red);
  svgEl("stop", { offset: "100%", "stop-color": "#c8231a" }, red);
  const yellow = svgEl("radialGradient", { id: `${uid}-yellow`, cx: "40%", cy: "35%", r: "70%" }, d);
  svgEl("stop", { offset: "0%", "stop-color": "#fff27a" }, yellow);
  svgEl("stop", { offset: "100%", "stop-color": "#e9b308" }, yellow);
  return d;
}

function coordText(layer, x, y, text, anchor = "middle") {
  const t = svgEl("text", {
    x, y, "text-anchor": anchor, "dominant-baseline": "central", class: "coord",
  }, layer);
  t.textContent = text;
}

/** Draws the static board (background, lines, coordinates) into `layer`. */
export function drawBackground(svg, layer, g, variant, uid, letters) {
  defs(svg, uid);
  if (g.style === "go") {
    svgEl("rect", { x: 0, y: 0, width: g.width, height: g.height, rx: 10, fill: `url(#${uid}-wood)` }, layer);
    const x0 = g.x(0); const x1 = g.x(g.cols - 1);
    const y0 = g.y(g.rows - 1); const y1 = g.y(0);
    for (let c = 0; c < g.cols; c += 1) svgEl("line", { x1: g.x(c), y1: y0, x2: g.x(c), y2: y1, class: "grid-line" }, layer);
    for (let r = 0; r < g.rows; r += 1) svgEl("line", { x1: x0, y1: g.y(r), x2: x1, y2: g.y(r), class: "grid-line" }, layer);
    svgEl("rect", { x: x0, y: y0, width: x1 - x0, height: y1 - y0, class: "grid-border" }, layer);
    const rowStars = starPoints(g.rows); const colStars = starPoints(g.cols);
    for (const r of rowStars) for (const c of colStars) svgEl("circle", { cx: g.x(c), cy: g.y(r), r: 4.2, class: "star" }, layer);
    for (let c = 0; c < g.cols; c += 1) coordText(layer, g.x(c), y1 + 28, letters[c]);
    for (let r = 0; r < g.rows; r += 1) coordText(layer, g.padLeft - 28, g.y(r), String(r + 1));
    return;
  }
  if (g.style === "cells") {
    const left = g.padLeft; const top = g.padTop;
    svgEl("rect", { x: 0, y: 0, width: g.width, height: g.height, rx: 10, class: "paper" }, layer);
    for (let c = 0; c <= g.cols; c += 1) svgEl("line", { x1: left + c * g.s, y1: top, x2: left + c * g.s, y2: top + g.rows * g.s, class: "paper-line" }, layer);
    for (let r = 0; r <= g.rows; r += 1) svgEl("line", { x1: left, y1: top + r * g.s, x2: left + g.cols * g.s, y2: top + r * g.s, class: "paper-line" }, layer);
    for (let c = 0; c < g.cols; c += 1) coordText(layer, g.x(c), top + g.rows * g.s + g.padLeft / 2, letters[c]);
    for (let r = 0; r < g.rows; r += 1) coordText(layer, g.padLeft / 2, g.y(r), String(r + 1));
    return;
  }
  // Connect Four: a dark slot area behind the discs; the frame is drawn by drawFrame().
  svgEl("rect", { x: 12, y: g.padTop + 6, width: g.cols * g.s, height: g.rows * g.s, class: "slots" }, layer);
}

/** Connect Four's blue frame with round holes, drawn above the discs. */
export function drawFrame(layer, g, uid) {
  const mask = svgEl("mask", { id: `${uid}-holes` }, layer);
  svgEl("rect", { x: 0, y: 0, width: g.width, height: g.height, fill: "white" }, mask);
  for (let r = 0; r < g.rows; r += 1) {
    for (let c = 0; c < g.cols; c += 1) svgEl("circle", { cx: g.x(c), cy: g.y(r), r: g.radius + 2, fill: "black" }, mask);
  }
  svgEl("rect", {
    x: 6, y: g.padTop, width: g.cols * g.s + 12, height: g.rows * g.s + 12, rx: 14,
    class: "frame", mask: `url(#${uid}-holes)`,
  }, layer);
  for (let c = 0; c < g.cols; c += 1) coordText(layer, g.x(c), g.padTop + g.rows * g.s + 12 + 16, String(c + 1));
}

/** Draws one piece (stone, X/O mark or disc) for `player` (1 or 2) at a cell centre. */
export function drawPiece(layer, g, uid, player, cx, cy, extraClass = "") {
  const cls = `piece p${player} ${extraClass}`.trim();
  if (g.style === "go") {
    const grp = svgEl("g", { class: cls }, layer);
    svgEl("circle", { cx: cx + 1.5, cy: cy + 2, r: g.radius, class: "stone-shadow" }, grp);
    svgEl("circle", { cx, cy, r: g.radius, fill: `url(#${uid}-${player === 1 ? "black" : "white"})`, class: "stone" }, grp);
    return grp;
  }
  if (g.style === "cells") {
    const grp = svgEl("g", { class: cls }, layer);
    const r = g.radius;
    if (player === 1) {
      svgEl("line", { x1: cx - r, y1: cy - r, x2: cx + r, y2: cy + r, class: "mark-x" }, grp);
      svgEl("line", { x1: cx - r, y1: cy + r, x2: cx + r, y2: cy - r, class: "mark-x" }, grp);
    } else {
      svgEl("circle", { cx, cy, r: r * 1.05, class: "mark-o" }, grp);
    }
    grp.style.setProperty("--w", g.s <= 60 ? "6px" : "10px");
    return grp;
  }
  const grp = svgEl("g", { class: cls }, layer);
  svgEl("circle", { cx, cy, r: g.radius, fill: `url(#${uid}-${player === 1 ? "red" : "yellow"})`, class: "disc" }, grp);
  svgEl("circle", { cx, cy, r: g.radius * 0.7, class: "disc-inner" }, grp);
  return grp;
}
