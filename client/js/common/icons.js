// Tiny pictures of each game for the home page tiles, drawn with the same colours as the
// real boards (decorative: hidden from screen readers).

import { svgEl } from "./board_svg.js";

function frame(bg) {
  const svg = svgEl("svg", { viewBox: "0 0 48 48", class: "game-icon", "aria-hidden": "true" });
  svgEl("rect", { x: 1, y: 1, width: 46, height: 46, rx: 8, fill: bg }, svg);
  return svg;
}

function grid(svg, n, from, to, stroke) {
  const step = (to - from) / n;
  for (let i = 0; i <= n; i += 1) {
    const p = from + i * step;
    svgEl("line", { x1: p, y1: from, x2: p, y2: to, stroke, "stroke-width": 1 }, svg);
    svgEl("line", { x1: from, y1: p, x2: to, y2: p, stroke, "stroke-width": 1 }, svg);
  }
  return step;
}

function xo(svg, cx, cy, r, player) {
  if (player === 1) {
    svgEl("path", { d: `M${cx - r} ${cy - r}L${cx + r} ${cy + r}M${cx - r} ${cy + r}L${cx + r} ${cy - r}`, stroke: "#d2352b", "stroke-width": 2.6, "stroke-linecap": "round" }, svg);
  } else {
    svgEl("circle", { cx, cy, r: r * 1.05, fill: "none", stroke: "#1f5fc9", "stroke-width": 2.4 }, svg);
  }
}

function stones(svg, points) {
  for (const [x, y, p] of points) {
    svgEl("circle", { cx: x, cy: y, r: 3.6, fill: p === 1 ? "#1a1a1a" : "#f6f3ec", stroke: p === 1 ? "none" : "#9b9382", "stroke-width": 0.6 }, svg);
  }
}

/** An SVG icon for a game id (tictactoe, caro9, gomoku, caro, renju, connect4, custom). */
export function gameIcon(game) {
  if (game === "tictactoe") {
    const svg = frame("#fdfcf7");
    const step = grid(svg, 3, 6, 42, "#a9bfd9");
    xo(svg, 6 + step * 0.5, 6 + step * 0.5, 4.5, 1);
    xo(svg, 6 + step * 1.5, 6 + step * 1.5, 4.5, 2);
    xo(svg, 6 + step * 2.5, 6 + step * 0.5, 4.5, 1);
    return svg;
  }
  if (game === "caro9" || game === "custom") {
    const svg = frame("#fdfcf7");
    const step = grid(svg, 6, 6, 42, "#c3d2e4");
    [[2, 2, 1], [3, 2, 2], [3, 3, 1], [2, 4, 2], [4, 4, 1]].forEach(([c, r, p]) => xo(svg, 6 + step * (c + 0.5), 6 + step * (r + 0.5), 2.2, p));
    return svg;
  }
  if (game === "connect4") {
    const svg = frame("#2458d3");
    const colours = ["#10265e", "#e0362b", "#f2c318"];
    for (let r = 0; r < 4; r += 1) {
      for (let c = 0; c < 5; c += 1) {
        const v = r === 3 ? [2, 1, 1, 2, 0][c] : (r === 2 ? [0, 2, 1, 0, 0][c] : (r === 1 && c === 2 ? 1 : 0));
        svgEl("circle", { cx: 8 + c * 8, cy: 12 + r * 8.5, r: 3.3, fill: colours[v] }, svg);
      }
    }
    return svg;
  }
  const svg = frame("#e2b468");
  for (let i = 0; i < 7; i += 1) {
    const p = 6 + i * 6;
    svgEl("line", { x1: p, y1: 6, x2: p, y2: 42, stroke: "#6b5230", "stroke-width": 0.7 }, svg);
    svgEl("line", { x1: 6, y1: p, x2: 42, y2: p, stroke: "#6b5230", "stroke-width": 0.7 }, svg);
  }
  stones(svg, game === "caro"
    ? [[18, 18, 1], [24, 24, 1], [30, 30, 1], [12, 12, 2], [36, 36, 2], [24, 18, 2]]
    : [[18, 24, 1], [24, 24, 1], [30, 24, 1], [24, 30, 2], [30, 18, 2], [18, 30, 2]]);
  return svg;
}
