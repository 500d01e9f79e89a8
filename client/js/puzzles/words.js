// How a puzzle is named on the page: its task ("Black to play and win", "White to play: find
// the only defence"; X / O on a caro board), its themes, a rating and a rating change.

import { boardStyle } from "../common/board_svg.js";
import { t } from "../common/i18n.js";
import { colourName } from "../common/players.js";

export const VARIANTS = ["gomoku", "caro", "renju"];
export const THEMES = ["vcf", "vct", "defence", "caro-blocked-five", "renju-forbidden", "long", "short"];

/** The seat (1 or 2) of the side the player plays. */
export function seatOf(puzzle) {
  return puzzle.to_move === "black" ? 1 : 2;
}

/** "Black to play and win" / "White to play: find the only defence", in the board's colours. */
export function taskText(puzzle, board) {
  const colour = colourName(boardStyle(board), seatOf(puzzle));
  return t(puzzle.goal === "win" ? "puzzle.task.win" : "puzzle.task.defend", { colour });
}

/** The spoken label of a cell of `board`: "h8, Black", "h8, empty". */
export function cellDescriber(board) {
  return (name, content) => {
    if (content === "forbidden") return `${name}, ${t("cell.forbidden")}`;
    return `${name}, ${content ? colourName(boardStyle(board), content) : t("cell.empty")}`;
  };
}

export function themeName(theme) {
  return t(`puzzle.theme.${theme}`);
}

/** A player's puzzle rating: "1500?" while provisional. */
export function ratingText(player) {
  return `${player.rating}${player.provisional ? "?" : ""}`;
}

/** "+12" / "−8" / "±0". */
export function changeText(change) {
  if (change > 0) return `+${change}`;
  if (change < 0) return `−${-change}`;
  return "±0";
}
