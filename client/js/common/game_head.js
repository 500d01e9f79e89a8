// The header of a finished game, shared by the review (/g/{id}) and replay (/g/{id}/replay)
// pages, as lichess heads a game: both players by the naming rule (stone, name, rating when the
// game began, the rating change of a rated game), the result in the board's colours
// ("Black won · 5 in a row", "X won · O resigned", "Draw · by agreement"), and the game: its
// variant, rated or casual, and the date in the page's language. And the game it heads, read
// as soon as it has ended (loadGame).

import { gameRecord } from "./api.js";
import { colourName, playerTag } from "./players.js";
import { boardStyle } from "./board_svg.js";
import { ratingDiff } from "./account_api.js";
import { formatDate, t } from "./i18n.js";
import { dottedParts, el } from "./ui.js";
import { variantTitle } from "./variant_title.js";
import { boardOf } from "./variants.js";

/** The finished game `gameId` (an archive id, or a room id: its last finished game) in the
 * archive's shape (GET /api/games/{id}), read from its record (GET /api/games/{id}/export),
 * which has it whether or not the archive has it yet: a page opened the moment a game ended
 * neither fails nor waits. */
export async function loadGame(gameId) {
  const record = await gameRecord(gameId);
  return {
    ...record, id: `${record.room_id}-${record.game_no}`, board: await boardOf(record.variant),
    players: record.seats, termination: record.result.reason, rating_changes: record.rating_changes || null,
  };
}

/** What ended `game` (an archived game, GET /api/games/{id}), in the board's colours. */
export function resultText(game) {
  const style = boardStyle(game.board);
  const { winner } = game.result;
  const loser = winner ? 3 - winner : null;
  const outcome = winner ? t("result.won", { colour: colourName(style, winner) }) : t("result.draw");
  const reason = t(`result.reason.${game.termination}`, {
    k: game.board.k, colour: loser ? colourName(style, loser) : "",
  });
  return `${outcome} · ${reason}`;
}

function playerRow(game, seat) {
  const change = game.rating_changes && game.rating_changes[seat];
  const player = game.players[seat];
  const won = game.result.winner === Number(seat);
  return el("li", { class: `head-player${won ? " winner" : ""}`, "data-seat": seat },
    playerTag(player, { seat: Number(seat), style: boardStyle(game.board) }),
    change ? el("span", { class: `rating-change ${change.diff < 0 ? "down" : "up"}` }, ratingDiff(change.diff)) : null);
}

/** The header element of `game`. */
export function gameHead(game) {
  const meta = [variantTitle(game.variant, game.board), t(game.rated ? "game.rated" : "game.casual"),
    formatDate(game.finished_at || game.started_at || game.created_at)];
  return el("header", { class: "card game-head", id: "game-head" },
    el("ul", { class: "head-players" }, playerRow(game, "1"), playerRow(game, "2")),
    el("p", { class: "head-result", id: "game-result" }, resultText(game)),
    el("p", { class: "head-meta muted", id: "game-meta" }, meta[0], dottedParts(meta.slice(1))));
}
