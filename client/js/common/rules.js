// How a game is won, in words and small pictures, for the home page and the room: the rule
// of a variant (freestyle, exactly k, caro) said in one sentence, and example rows marked
// "wins" / "does not win". Only explains: the server judges every move.

import { boardStyle, svgEl } from "./board_svg.js";
import { t } from "./i18n.js";
import { el, tEl } from "./ui.js";

const CELL = 22;
const PIECE = { go: ["#1a1a1a", "#f6f3ec"], cells: ["#d2352b", "#1f5fc9"], drop: ["#e0362b", "#f2c318"] };

/** The rule of `variant` ({ k, rule, gravity }) in one sentence of the current language. */
export function ruleText(variant) {
  const rule = t(`rules.${variant.rule}`, { k: variant.k, more: variant.k + 1 });
  return variant.gravity ? `${rule} ${t("rules.gravity")}` : rule;
}

/**
 * Example rows for `variant`, each a pattern ("o" opponent, "x" player, "." empty) and
 * whether the rule counts it: a k-row open at one end, blocked at both ends, or too long.
 */
function examples({ k, rule }) {
  const row = "x".repeat(k);
  const rows = [[`.${row}.`, true, "rules.ex.open"]];
  if (rule === "caro" || rule === "caro-exact") {
    rows.push([`o${row}.`, true, "rules.ex.one_end"], [`o${row}o`, false, "rules.ex.both_ends"]);
  }
  if (rule === "caro") rows.push([`o${row}xo`, true, "rules.ex.long"]);
  if (rule === "standard" || rule === "caro-exact") rows.push([`.${row}x.`, false, "rules.ex.too_long"]);
  return rows;
}

function piece(svg, style, player, cx, cy) {
  const fill = PIECE[style][player - 1];
  if (style === "cells") {
    const r = CELL * 0.26;
    if (player === 1) {
      svgEl("path", { d: `M${cx - r} ${cy - r}L${cx + r} ${cy + r}M${cx - r} ${cy + r}L${cx + r} ${cy - r}`, stroke: fill, "stroke-width": 3, "stroke-linecap": "round" }, svg);
    } else {
      svgEl("circle", { cx, cy, r: r * 1.1, fill: "none", stroke: fill, "stroke-width": 2.6 }, svg);
    }
    return;
  }
  svgEl("circle", { cx, cy, r: CELL * 0.4, fill, stroke: player === 2 && style === "go" ? "#9b9382" : "none" }, svg);
}

/** One example row drawn as a strip of cells, with a line through the k-row. */
function strip(pattern, counts, style) {
  const width = pattern.length * CELL;
  const svg = svgEl("svg", { viewBox: `0 0 ${width} ${CELL}`, width, height: CELL, class: `rule-strip rule-${style}`, "aria-hidden": "true" });
  svgEl("rect", { x: 0, y: 0, width, height: CELL, rx: 4, class: "rule-bg" }, svg);
  for (let i = 1; i < pattern.length; i += 1) svgEl("line", { x1: i * CELL, y1: 0, x2: i * CELL, y2: CELL, class: "rule-grid" }, svg);
  [...pattern].forEach((ch, i) => {
    if (ch !== ".") piece(svg, style, ch === "x" ? 1 : 2, i * CELL + CELL / 2, CELL / 2);
  });
  const first = pattern.indexOf("x");
  const last = pattern.lastIndexOf("x");
  svgEl("line", { x1: first * CELL + CELL / 2, y1: CELL / 2, x2: last * CELL + CELL / 2, y2: CELL / 2, class: counts ? "rule-win" : "rule-void" }, svg);
  return svg;
}

/** The rule sentence (unless `withText` is false) and its pictures, for a "how to play". */
export function rulePicture(variant, withText = true) {
  const style = boardStyle(variant);
  return el("div", { class: "rule-picture" },
    withText ? el("p", { class: "rule-text" }, ruleText(variant)) : null,
    el("ul", { class: "rule-examples" },
      examples(variant).map(([pattern, counts, key]) => el("li", { class: counts ? "wins" : "no-win" },
        strip(pattern, counts, style),
        el("span", {}, `${counts ? "✓" : "✗"} `, tEl("span", key))))));
}
