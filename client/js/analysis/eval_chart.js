// The review's evaluation chart: the first player's chance to win after every ply, as the
// engine estimates it (engine/review.py's win chance), on a scale a person reads: 0%, 50% (the
// centre line: even) and 100% marked, the first player's side shaded, each move a point coloured
// by its judgement, the current ply a vertical line. Clicking a point goes to that ply.

import { svgEl } from "../common/board_svg.js";

const W = 320;
const H = 120;
const LEFT = 34; // room for the scale's labels
const PAD = 6;
const WIN_BOUND = 990000; // |score| at or beyond is a proven result (engine MATE_BOUND)
const SCALE = [1, 0.5, 0];

/** The mover's chance to win from an engine score, as engine/review.py computes it. */
export function winChance(score) {
  if (score >= WIN_BOUND) return 1;
  if (score <= -WIN_BOUND) return 0;
  return 1 / (1 + Math.exp(-score / 1500));
}

/** The first player's chance after each ply (ply 0: even), from the reviewed moves' scores
 * (each from its mover's side). */
export function firstPlayerCurve(moves) {
  return [0.5, ...moves.map((m) => (m.ply % 2 ? winChance(m.score) : 1 - winChance(m.score)))];
}

/**
 * An <svg> of `curve` with ply `ply` marked; `judgementOf(i)` names the judgement of ply i (or
 * null), `onPick(i)` is called on a click; `label` is its accessible name.
 */
export function evalChart(curve, ply, { judgementOf, onPick, label }) {
  const x = (i) => LEFT + (curve.length > 1 ? (i * (W - LEFT - PAD)) / (curve.length - 1) : 0);
  const y = (p) => PAD + (1 - p) * (H - 2 * PAD);
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "eval-chart", id: "eval-chart", role: "img", "aria-label": label });
  for (const p of SCALE) {
    svgEl("line", { x1: LEFT, y1: y(p), x2: W - PAD, y2: y(p), class: p === 0.5 ? "eval-mid" : "eval-grid" }, svg);
    const text = svgEl("text", { x: LEFT - 4, y: y(p) + 4, "text-anchor": "end", class: "eval-scale" }, svg);
    text.textContent = `${Math.round(p * 100)}%`;
  }
  const points = curve.map((p, i) => `${x(i)},${y(p)}`);
  svgEl("polygon", { points: [`${x(0)},${y(0.5)}`, ...points, `${x(curve.length - 1)},${y(0.5)}`].join(" "), class: "eval-area" }, svg);
  svgEl("line", { x1: x(ply), y1: PAD, x2: x(ply), y2: H - PAD, class: "eval-now" }, svg);
  svgEl("polyline", { points: points.join(" "), class: "eval-line" }, svg);
  curve.forEach((p, i) => {
    const judged = judgementOf(i);
    const dot = svgEl("circle", {
      cx: x(i), cy: y(p), r: 4, "data-ply": i, class: `eval-point${judged ? ` j-${judged}` : ""}`,
    }, svg);
    dot.addEventListener("click", () => onPick(i));
  });
  return svg;
}
