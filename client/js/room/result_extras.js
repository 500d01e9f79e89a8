// What the result card adds for a rated game once it is archived: the player's rating
// change (GET /api/games/{id}). The archive has the game a moment after the end, so the page
// asks once with `wait_ms` and the server answers when it has it (docs/protocol.md §2b): no
// 404 in anyone's console. One element per game, kept across re-renders.

import { game as fetchGame, ratingDiff } from "../common/account_api.js";
import { t } from "../common/i18n.js";
import { el } from "../common/ui.js";

const ARCHIVE_WAIT_MS = 10000;
const made = new Map();

async function fillRatingChange(node, gameId, seat) {
  try {
    const game = await fetchGame(gameId, ARCHIVE_WAIT_MS);
    const change = game.rating_changes && game.rating_changes[String(seat)];
    if (change) node.textContent = t("result.rating", { after: change.after, diff: ratingDiff(change.diff) });
  } catch {
    // The archive is late (its database is down): the card shows no rating change.
  }
}

/** The extras for a finished room state (null while it has no archive id or is unrated). */
export function resultExtras(state, mySeat) {
  if (!state.game_id || !state.rated || !mySeat) return null;
  if (!made.has(state.game_id)) {
    const change = el("span", { class: "rating-change", id: "result-rating" });
    fillRatingChange(change, state.game_id, mySeat);
    made.set(state.game_id, el("p", { class: "gameover-extras" }, change));
  }
  return made.get(state.game_id);
}
