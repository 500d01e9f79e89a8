// The display name of a variant spec, shared by every page that lists games.
import { t } from "./i18n.js";
import { el } from "./ui.js";
import { boardOf, knownBoard } from "./variants.js";

/**
 * Display name of a variant spec, e.g. "Caro (Vietnamese rule)", "Custom 19×19, 5 in a row" or
 * "Caro 16×16, exactly 5 in a row": a board the server has described (`board`, or one already
 * asked for) is named by its size, row length, rule and gravity, so two boards never share a
 * name; a board not yet described is a "Custom board" (never its raw spec) until it is.
 */
export function variantTitle(spec, board = knownBoard(spec)) {
  const key = `game.${spec}`;
  if (t(key) !== key) return t(key);
  if (!board) return t("game.custom.short");
  const rule = board.rule && board.rule !== "freestyle" ? `.${board.rule}` : "";
  const title = t(`game.custom${rule}`, { rows: board.rows, cols: board.cols, k: board.k });
  return board.gravity ? t("game.custom.gravity", { title }) : title;
}

/** The title as an element, completed once the server has described a board not yet known. */
export function variantLabel(spec) {
  const label = el("span", {}, variantTitle(spec));
  const key = `game.${spec}`;
  if (t(key) === key && !knownBoard(spec)) {
    boardOf(spec).then((board) => {
      if (board) label.textContent = variantTitle(spec, board);
    }, () => {});
  }
  return label;
}

/** "Caro (Vietnamese rule) · 15×15", "Connect Four · 7×6": a room's game with its board size,
 *  width first as boards are named (once: a title that holds the size keeps it). */
export function gameWithSize(spec, board) {
  const title = variantTitle(spec, board);
  if (title.includes(`${board.rows}×${board.cols}`) || title.includes(`${board.cols}×${board.rows}`)) return title;
  return `${title} · ${board.cols}×${board.rows}`;
}
