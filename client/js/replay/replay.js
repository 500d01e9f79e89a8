// The replay page /g/{game_id}/replay: a finished game (common/game_head.js loadGame: archived,
// or a moment after it ended not yet) on the board, stepped
// through with the buttons, the move list or the keys (common/step_keys.js); the header names the
// players, the result and the game (common/game_head.js); the record can be downloaded as SGF,
// PSQ or text, and the computer analysis is one click away (the review page /g/{game_id}).

import { ApiError, gameExportUrl } from "../common/api.js";
import { Board } from "../common/board.js";
import { downloadMenu } from "../common/downloads.js";
import { gameHead, loadGame } from "../common/game_head.js";
import { variantTitle } from "../common/variant_title.js";
import { errorText, t } from "../common/i18n.js";
import { renderMoveList, stepButtons } from "../common/move_list.js";
import { replay } from "../common/notation.js";
import { stepKeys } from "../common/step_keys.js";
import { el, tEl } from "../common/ui.js";

/** Renders the replay of `gameId` into `main`; returns a function that tears it down. */
export function mountReplay(main, gameId) {
  const page = el("div", { class: "replay", id: "replay" }, tEl("p", "replay.loading", { class: "muted" }));
  main.appendChild(page);
  let board = null;
  let stopKeys = null;
  loadGame(gameId).then((game) => {
    document.title = `${variantTitle(game.variant, game.board)} · Caro Arena`;
    const variant = { ...game.board, spec: game.variant };
    const boardBox = el("div", { class: "replay-board" });
    const counter = el("span", { class: "replay-ply", id: "replay-ply" });
    const moveList = el("div", { class: "move-list", id: "move-list", role: "list" });
    let ply = game.moves.length;
    const steps = { first: () => 0, prev: () => ply - 1, next: () => ply + 1, last: () => game.moves.length };
    page.replaceChildren(
      el("div", { class: "replay-layout" },
        gameHead(game),
        boardBox,
        el("aside", { class: "card replay-side" },
          el("div", { class: "replay-controls" }, tEl("h2", "room.moves"), counter),
          moveList,
          stepButtons("replay", (kind) => show(steps[kind]())),
          el("div", { class: "replay-links" },
            downloadMenu({ href: (format) => gameExportUrl(game.id, format), name: `caro-arena-${game.id}`, board: game.board }),
            el("a", { href: `/g/${encodeURIComponent(game.id)}`, "data-link": true, id: "replay-analyse", class: "btn small" }, t("room.analyse"))))));
    board = new Board(boardBox, variant, { label: t("board.label") });
    const show = (next) => {
      ply = Math.max(0, Math.min(game.moves.length, next));
      const { cells, played } = replay(variant, game.moves.slice(0, ply));
      board.setPosition({ cells, lastMove: played.length ? played[played.length - 1] : -1 });
      counter.textContent = `${ply} / ${game.moves.length}`;
      renderMoveList(moveList, game.moves, ply, show);
    };
    stopKeys = stepKeys((kind) => show(steps[kind]()));
    show(ply);
  }).catch((err) => {
    page.replaceChildren(el("p", { class: "card", id: "replay-error" },
      errorText(err instanceof ApiError ? err.code : "internal_error")));
  });
  return () => {
    if (stopKeys) stopKeys();
    if (board) board.destroy();
  };
}
