// The puzzle of the day on the home page: its position on a small board, its task, and a
// link to solve it (/puzzles/daily); once played, whether it was solved. Hidden while the
// server has no puzzle.

import { Board } from "../common/board.js";
import { onLangChange, t } from "../common/i18n.js";
import { replay } from "../common/notation.js";
import { variantTitle } from "../common/variant_title.js";
import { boardOf } from "../common/variants.js";
import { el, tEl } from "../common/ui.js";
import { dailyPuzzle } from "./api.js";
import { taskText } from "./words.js";

/** The card; it fills itself in when the answer comes. Returns { node, stop }. */
export function dailyCard() {
  const boardBox = el("div", { class: "daily-board", "aria-hidden": "true" });
  const task = el("p", { class: "daily-task", id: "daily-task" });
  const done = el("p", { class: "daily-done muted", id: "daily-done", hidden: true });
  const link = tEl("a", "puzzle.daily.solve", { href: "/puzzles/daily", "data-link": true, class: "btn small primary", id: "daily-solve" });
  const node = el("section", { class: "card daily-puzzle", id: "daily-puzzle", hidden: true },
    tEl("h2", "puzzle.daily.title"),
    el("a", { href: "/puzzles/daily", "data-link": true, class: "daily-link", tabindex: "-1" }, boardBox),
    task, done, link);
  let puzzle = null;
  let variant = null;
  const describe = () => {
    if (!puzzle) return;
    task.textContent = `${variantTitle(puzzle.variant)} · ${taskText(puzzle, variant)}`;
    const status = puzzle.attempt && puzzle.attempt.status;
    done.hidden = !status || status === "open";
    if (!done.hidden) done.textContent = t(`puzzle.daily.${status}`);
    const key = done.hidden ? "puzzle.daily.solve" : "puzzle.daily.review";
    link.dataset.i18n = key;
    link.textContent = t(key);
  };
  dailyPuzzle().then(async (answer) => {
    puzzle = answer;
    variant = { ...(await boardOf(answer.variant)), spec: answer.variant };
    const board = new Board(boardBox, variant, { label: t("puzzle.daily.title") });
    board.root.tabIndex = -1;
    const { cells, played } = replay(variant, answer.moves);
    board.setPosition({ cells, lastMove: played[played.length - 1] });
    describe();
    node.hidden = false;
  }).catch(() => {});
  return { node, stop: onLangChange(describe) };
}
