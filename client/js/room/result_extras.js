// What the result card adds once a game is archived: for a rated game the player's rating
// change (GET /api/games/{id}: the archive has the game a moment after the end, so the page
// asks once with `wait_ms` and the server answers when it has it, docs/protocol.md §2b: no
// 404 in anyone's console), and a challenge to the opponent when both have accounts. (The
// card's one "Review" link is the room view's.) One element per game, kept across re-renders.

import { game as fetchGame, ratingDiff, whoAmI } from "../common/account_api.js";
import { openChallengeDialog } from "../challenges/dialog.js";
import { t } from "../common/i18n.js";
import { el } from "../common/ui.js";
import { summaryClock } from "../common/time_control.js";

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

/** "Challenge bob": a new game against the opponent, the settings of this one to start from
 *  (for a logged-in player whose opponent has an account). */
function challengeAgain(state, mySeat) {
  const opponent = mySeat && state.seats[String(3 - mySeat)];
  const holder = el("span", { class: "challenge-again" });
  if (!opponent || !opponent.username) return holder;
  whoAmI().then((me) => {
    if (!me.username) return;
    const clock = summaryClock(state.clock);
    const button = el("button", { type: "button", class: "btn small", id: "result-challenge" },
      t("challenge.again", { name: opponent.username }));
    button.addEventListener("click", () => openChallengeDialog(opponent.username,
      { variant: state.variant, clock, opening: state.opening }));
    holder.appendChild(button);
  });
  return holder;
}

/** The extras for a finished room state, for a player (null while it has no archive id). */
export function resultExtras(state, mySeat) {
  if (!state.game_id || !mySeat) return null;
  if (!made.has(state.game_id)) {
    const change = el("span", { class: "rating-change", id: "result-rating" });
    if (state.rated) fillRatingChange(change, state.game_id, mySeat);
    made.set(state.game_id, el("p", { class: "gameover-extras" }, change, " ",
      challengeAgain(state, mySeat)));
  }
  return made.get(state.game_id);
}
