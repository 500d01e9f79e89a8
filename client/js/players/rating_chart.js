// The rating-history chart of a profile: one SVG polyline per variant, time along x, rating
// up y, with the lowest and highest rating marked. Pure drawing from [[at, rating], ...].

import { svgEl } from "../common/board_svg.js";

const W = 640;
const H = 220;
const PAD = { left: 48, right: 12, top: 12, bottom: 24 };
const COLOURS = ["#2b6cb0", "#c05621", "#2f855a", "#6b46c1", "#b83280", "#4a5568"];

/** An <svg> of `history` ({variant: [[at, rating], ...]}), or null when it has no point. */
export function ratingChart(history, label) {
  const series = Object.entries(history).filter(([, points]) => points.length);
  if (!series.length) return null;
  const all = series.flatMap(([, points]) => points);
  const [t0, t1] = [Math.min(...all.map((p) => p[0])), Math.max(...all.map((p) => p[0]))];
  const [lo, hi] = [Math.min(...all.map((p) => p[1])) - 20, Math.max(...all.map((p) => p[1])) + 20];
  const x = (at) => PAD.left + (t1 === t0 ? 0.5 : (at - t0) / (t1 - t0)) * (W - PAD.left - PAD.right);
  const y = (r) => PAD.top + (1 - (r - lo) / (hi - lo)) * (H - PAD.top - PAD.bottom);
  const svg = svgEl("svg", { viewBox: `0 0 ${W} ${H}`, class: "rating-chart", role: "img", "aria-label": label });
  for (const r of [lo + 20, hi - 20]) {
    svgEl("line", { x1: PAD.left, x2: W - PAD.right, y1: y(r), y2: y(r), class: "chart-grid" }, svg);
    svgEl("text", { x: PAD.left - 6, y: y(r) + 4, "text-anchor": "end", class: "chart-label" }, svg).textContent = String(Math.round(r));
  }
  series.forEach(([variant, points], i) => {
    const colour = COLOURS[i % COLOURS.length];
    svgEl("polyline", {
      points: points.map(([at, r]) => `${x(at).toFixed(1)},${y(r).toFixed(1)}`).join(" "),
      fill: "none", stroke: colour, "stroke-width": 2, "data-variant": variant,
    }, svg);
    const [at, r] = points[points.length - 1];
    svgEl("circle", { cx: x(at), cy: y(r), r: 3, fill: colour }, svg);
  });
  return svg;
}
