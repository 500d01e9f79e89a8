// The analysis board's engine card: the top lines for the position, each with the side to
// move's chance to win as the engine estimates it, and the search's depth and the positions it
// looked at, with a legend that says what each number means (both languages), as lichess
// explains its evaluation.

import { formatNumber, t } from "../common/i18n.js";
import { colourName, stoneIcon } from "../common/players.js";
import { el, tEl } from "../common/ui.js";
import { winChance } from "./eval_chart.js";

/** The engine card's parts: `root` to place in the page, `show(found, style)` for each answer
 * of POST /api/analyse (streamed), `clear()` when a new position is asked for. */
export function engineCard() {
  const lines = el("ol", { class: "engine-lines", id: "lines" });
  const depth = el("p", { class: "muted engine-depth", id: "lines-depth" });
  const legend = el("details", { class: "engine-legend", id: "engine-legend" },
    tEl("summary", "board.legend"),
    el("dl", {},
      tEl("dt", "board.legend.chance.term"), tEl("dd", "board.legend.chance"),
      tEl("dt", "board.legend.line.term"), tEl("dd", "board.legend.line"),
      tEl("dt", "board.legend.depth.term"), tEl("dd", "board.legend.depth"),
      tEl("dt", "board.legend.nodes.term"), tEl("dd", "board.legend.nodes")));
  const root = el("section", { class: "card engine-card" }, tEl("h2", "board.lines"), depth, lines, legend);

  function show(found, style) {
    const side = colourName(style, found.turn);
    const search = found.exact ? t("board.solved")
      : t(found.final ? "board.depth" : "board.depth_more", { depth: found.depth });
    depth.replaceChildren(search, found.exact ? "" : ` · ${t("board.nodes", { nodes: formatNumber(found.nodes, 0) })}`,
      found.forced_win ? el("strong", { class: "forced-win" }, ` · ${t("board.forced_win", { colour: side })}`) : "");
    lines.replaceChildren(...found.lines.map((line) => {
      const chance = formatNumber(Math.round(winChance(line.score) * 100), 0);
      return el("li", { class: "engine-line" },
        el("span", { class: "line-chance", title: t("board.chance.title", { colour: side, p: chance }) },
          stoneIcon(style, found.turn), el("strong", {}, `${chance}%`)),
        " ", el("span", { class: "line-pv" }, line.pv.join(" ")));
    }));
  }

  function clear() {
    depth.textContent = "";
    lines.replaceChildren();
  }

  return { root, show, clear };
}
