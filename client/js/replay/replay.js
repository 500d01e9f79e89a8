// The replay page /g/{game_id}/replay: an archived game (GET /api/games/{id}) on the board, stepped
// through with buttons or the arrow keys; the players, result and rating changes beside it, and
// a link to its computer analysis (the review page /g/{game_id}).

import { ApiError } from "../common/api.js";
import { game as fetchGame, ratingDiff } from "../common/account_api.js";
import { Board } from "../common/board.js";
import { variantTitle } from "../common/variant_title.js";
import { errorText, t } from "../common/i18n.js";
import { replay } from "../common/notation.js";
import { el, tEl } from "../common/ui.js";

function playerLine(seat, data, changes) {
  const name = data ? (data.username || data.name || (data.kind === "ai" ? "AI" : t("replay.anonymous"))) : "?";
  const who = data && data.username
    ? el("a", { href: `/@/${encodeURIComponent(data.username)}`, "data-link": true }, name)
    : el("span", {}, name);
  const change = changes && changes[seat];
  return el("li", { class: "replay-player", "data-seat": seat },
    tEl("span", `replay.seat${seat}`, { class: "muted" }), " ", who,
    change ? el("span", { class: "rating-change" }, ` ${change.after} (${ratingDiff(change.diff)})`) : null);
}

function resultText(game) {
  const { winner } = game.result;
  const outcome = winner ? t("replay.won", { seat: t(`replay.seat${winner}`) }) : t("replay.draw");
  return `${outcome} · ${t(`replay.reason.${game.termination}`)}`;
}

/** Renders the replay of `gameId` into `main`; returns a function that tears it down. */
export function mountReplay(main, gameId) {
  const page = el("div", { class: "replay", id: "replay" }, tEl("p", "replay.loading", { class: "muted" }));
  main.appendChild(page);
  let board = null;
  let onKey = null;
  fetchGame(gameId).then((game) => {
    document.title = `${variantTitle(game.variant, game.board)} · Caro Arena`;
    const variant = { ...game.board, spec: game.variant };
    const boardBox = el("div", { class: "replay-board" });
    const counter = el("span", { class: "replay-ply", id: "replay-ply" });
    const buttons = ["first", "prev", "next", "last"].map((step) =>
      tEl("button", `replay.${step}`, { type: "button", class: "btn small", id: `replay-${step}` }));
    const moveList = el("ol", { class: "replay-moves" });
    page.replaceChildren(
      el("h1", {}, variantTitle(game.variant, game.board), game.rated ? tEl("span", "replay.rated", { class: "badge" }) : null),
      el("div", { class: "replay-layout" },
        boardBox,
        el("aside", { class: "card replay-side" },
          el("ul", { class: "replay-players" }, ["1", "2"].map((s) => playerLine(s, game.players[s], game.rating_changes))),
          el("p", { class: "replay-result", id: "replay-result" }, resultText(game)),
          el("div", { class: "replay-controls" }, buttons, counter),
          moveList,
          el("a", { href: `/api/games/${encodeURIComponent(game.id)}/export`, download: `${game.id}.txt` }, t("replay.export")),
          " ",
          el("a", { href: `/g/${encodeURIComponent(game.id)}`, "data-link": true, id: "replay-analyse" }, t("room.analyse")))));
    board = new Board(boardBox, variant, { label: t("board.label") });
    let ply = game.moves.length;
    const show = (next) => {
      ply = Math.max(0, Math.min(game.moves.length, next));
      const { cells, played } = replay(variant, game.moves.slice(0, ply));
      board.setPosition({ cells, lastMove: played.length ? played[played.length - 1] : -1 });
      counter.textContent = `${ply} / ${game.moves.length}`;
      for (const [i, item] of [...moveList.children].entries()) item.classList.toggle("current", i === ply - 1);
    };
    game.moves.forEach((move, i) => {
      const button = el("button", { type: "button", class: "linkish" }, move);
      const item = el("li", {}, el("span", { class: "muted" }, `${i + 1}. `), button);
      button.addEventListener("click", () => show(i + 1));
      moveList.appendChild(item);
    });
    const steps = { first: () => 0, prev: () => ply - 1, next: () => ply + 1, last: () => game.moves.length };
    buttons.forEach((button, i) => button.addEventListener("click", () => show(steps[Object.keys(steps)[i]]())));
    onKey = (e) => {
      if (e.key === "ArrowLeft") show(ply - 1);
      else if (e.key === "ArrowRight") show(ply + 1);
      else if (e.key === "Home") show(0);
      else if (e.key === "End") show(game.moves.length);
    };
    document.addEventListener("keydown", onKey);
    show(ply);
  }).catch((err) => {
    page.replaceChildren(el("p", { class: "card", id: "replay-error" },
      errorText(err instanceof ApiError ? err.code : "internal_error")));
  });
  return () => {
    if (onKey) document.removeEventListener("keydown", onKey);
    if (board) board.destroy();
  };
}
