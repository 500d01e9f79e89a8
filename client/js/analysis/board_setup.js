// The analysis board's free setup: place stones of either colour anywhere, erase them, choose
// the side to move. The engine reads a position as the moves that lead to it, so "Done" turns
// the stones into moves, the first player's and the second's in turn (as the Gomocup BOARD
// command does, engine.board.Board.from_position); a position a game can reach is one where the
// first player has as many stones as the second (the first to move) or one more (the second
// to move), and the panel says so when the stones and the side to move do not agree.

import { colourName, stoneIcon } from "../common/players.js";
import { cellToStr } from "../common/notation.js";
import { t } from "../common/i18n.js";
import { el, tEl } from "../common/ui.js";

/** Moves that set up `cells` (0 empty, 1 first, 2 second) with `toMove` to move, or the reason
 * (a translated sentence) why no game reaches it. */
export function setupMoves(variant, cells, toMove, style) {
  const stones = [1, 2].map((seat) => cells.flatMap((owner, cell) => (owner === seat ? [cell] : [])));
  const [first, second] = stones;
  const needed = toMove === 1 ? second.length : second.length + 1;
  if (first.length !== needed) {
    return { problem: t(`setup.counts.${toMove}`, { first: colourName(style, 1), second: colourName(style, 2) }) };
  }
  const order = first.flatMap((cell, i) => (i < second.length ? [cell, second[i]] : [cell]));
  return { moves: order.map((cell) => cellToStr(variant, cell)) };
}

/**
 * The setup panel: `start(board, cells)` takes over the board's clicks (and Enter on its
 * cursor) until Done or Cancel; `onDone(moves)` gets the position as moves, `onCancel()` none.
 */
export function setupPanel({ onDone, onCancel }) {
  let board = null;
  let cells = [];
  let tool = 1; // 1 or 2: that colour's stones; 0: erase
  let toMove = 1;
  const message = el("p", { class: "form-error", id: "setup-problem", role: "status", hidden: true });
  const tools = el("div", { class: "setup-tools", role: "radiogroup" });
  const sides = el("div", { class: "setup-sides", role: "radiogroup" });
  const root = el("section", { class: "card setup-card", id: "setup", hidden: true },
    tEl("h2", "setup.title"), tEl("p", "setup.hint", { class: "muted" }),
    tools, tEl("p", "setup.to_move", { class: "setup-label" }), sides, message,
    el("div", { class: "share-row" },
      el("button", { class: "btn small", type: "button", id: "setup-clear", onclick: () => { cells = cells.map(() => 0); draw(); } }, t("board.clear")),
      el("button", { class: "btn small", type: "button", id: "setup-cancel", onclick: () => stop(onCancel) }, t("setup.cancel")),
      el("button", { class: "btn small primary", type: "button", id: "setup-done", onclick: done }, t("setup.done"))));

  const choice = (pressed, label, icon, id, pick) => el("button", {
    type: "button", class: "tile setup-choice", role: "radio", "aria-checked": String(pressed), id, onclick: pick,
  }, icon, " ", label);

  function renderChoices() {
    const style = board.style;
    tools.replaceChildren(
      ...[1, 2].map((seat) => choice(tool === seat, colourName(style, seat), stoneIcon(style, seat), `setup-stone-${seat}`, () => { tool = seat; renderChoices(); })),
      choice(tool === 0, t("setup.erase"), "", "setup-erase", () => { tool = 0; renderChoices(); }));
    sides.replaceChildren(...[1, 2].map((seat) => choice(toMove === seat,
      t("setup.side", { colour: colourName(style, seat) }), stoneIcon(style, seat), `setup-turn-${seat}`, () => { toMove = seat; renderChoices(); })));
  }

  function draw() {
    board.setPosition({ cells, lastMove: -1 });
    message.hidden = true;
  }

  function place(cell) {
    if (cell < 0 || root.hidden) return;
    cells[cell] = tool && cells[cell] !== tool ? tool : 0;
    draw();
  }

  const onClick = (e) => place(board.cellFromEvent(e));
  const onKey = (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    place(board.cursor);
  };

  function stop(then) {
    board.root.removeEventListener("click", onClick);
    board.root.removeEventListener("keydown", onKey);
    root.hidden = true;
    then();
  }

  function done() {
    const found = setupMoves(board.variant, cells, toMove, board.style);
    message.textContent = found.problem || "";
    message.hidden = !found.problem;
    if (found.moves) stop(() => onDone(found.moves));
  }

  function start(target, current) {
    board = target;
    cells = [...current];
    toMove = (cells.filter(Boolean).length % 2) + 1;
    board.setInteractive(false);
    board.showHint(-1);
    board.root.addEventListener("click", onClick);
    board.root.addEventListener("keydown", onKey);
    root.hidden = false;
    renderChoices();
    draw();
  }

  return { root, start, active: () => !root.hidden };
}
