// The solution of an ended attempt, stepped through on the puzzle's board: the buttons, the
// move list or the keys (common/step_keys.js) go from the puzzle's position (0) along the
// main line; for a wrong defence, how it loses is shown as a second line to step through.

import { t } from "../common/i18n.js";
import { renderMoveList } from "../common/move_list.js";
import { stepKeys } from "../common/step_keys.js";
import { el, tEl } from "../common/ui.js";

const STEPS = [["first", "«"], ["prev", "‹"], ["next", "›"], ["last", "»"]];

/**
 * The stepper card: `show(moves, ply)` draws the puzzle's position plus `moves[0..ply)`.
 * Returns { node, open(lines, atEnd), stop } — `lines` is [[key, moves], ...] (the solution,
 * and the refutation of a wrong defence); the first is shown at its first move (the move that
 * was to be found), or with `atEnd` (a solved puzzle) where the player left it.
 */
export function solutionView(show) {
  const counter = el("span", { class: "replay-ply", id: "solution-ply" });
  const moveList = el("div", { class: "move-list", id: "solution-moves", role: "list" });
  const picker = el("div", { class: "solution-lines", id: "solution-lines" });
  const buttons = STEPS.map(([step, sign]) => el("button", {
    type: "button", class: "btn small", id: `solution-${step}`, "aria-label": t(`replay.${step}`), title: t(`replay.${step}`),
  }, sign));
  const node = el("section", { class: "card solution", id: "puzzle-solution", hidden: true },
    el("div", { class: "replay-controls" }, tEl("h2", "puzzle.solution"), counter),
    picker, moveList, el("div", { class: "review-nav" }, buttons));
  let moves = [];
  let ply = 0;
  let stopKeys = null;
  const go = (next) => {
    ply = Math.max(0, Math.min(moves.length, next));
    show(moves, ply);
    counter.textContent = `${ply} / ${moves.length}`;
    renderMoveList(moveList, moves, ply, go);
  };
  const steps = { first: () => 0, prev: () => ply - 1, next: () => ply + 1, last: () => moves.length };
  buttons.forEach((button, i) => button.addEventListener("click", () => go(steps[STEPS[i][0]]())));
  const choose = (line, atEnd = false) => {
    moves = line;
    go(atEnd ? line.length : 1);
  };
  return {
    node,
    open(lines, atEnd = false) {
      picker.replaceChildren(...(lines.length > 1 ? lines.map(([key, line], i) => {
        const button = tEl("button", key, { type: "button", class: "btn small", "data-line": i });
        button.addEventListener("click", () => {
          picker.querySelectorAll("button").forEach((b) => b.setAttribute("aria-pressed", String(b === button)));
          choose(line);
        });
        button.setAttribute("aria-pressed", String(i === 0));
        return button;
      }) : []));
      node.hidden = false;
      choose(lines[0][1], atEnd);
      if (!stopKeys) stopKeys = stepKeys((kind) => go(steps[kind]()));
    },
    stop() {
      if (stopKeys) stopKeys();
      stopKeys = null;
      node.hidden = true;
    },
  };
}
