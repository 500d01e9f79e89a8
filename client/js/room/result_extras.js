// What the result card adds once a game is archived: a link to its replay, for a rated game
// the player's rating change (GET /api/games/{id}; the archive lands a moment after the end,
// so it is asked a few times), and a challenge to the opponent when both have accounts. One
// element per game, kept across re-renders.

import { game as fetchGame, ratingDiff, whoAmI } from "../common/account_api.js";
import { openChallengeDialog } from "../challenges/dialog.js";
import { t } from "../common/i18n.js";
import { el } from "../common/ui.js";

const RETRIES = 10;
const RETRY_MS = 700;
const made = new Map();

async function fillRatingChange(node, gameId, seat) {
  for (let attempt = 0; attempt < RETRIES; attempt += 1) {
    try {
      const game = await fetchGame(gameId);
      const change = game.rating_changes && game.rating_changes[String(seat)];
      if (change) node.textContent = t("result.rating", { after: change.after, diff: ratingDiff(change.diff) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
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
    const clock = state.clock && { initial_s: state.clock.initial_ms / 1000, increment_s: state.clock.increment_ms / 1000 };
    const button = el("button", { type: "button", class: "btn small", id: "result-challenge" },
      t("challenge.again", { name: opponent.username }));
    button.addEventListener("click", () => openChallengeDialog(opponent.username,
      { variant: state.variant, clock, opening: state.opening }));
    holder.appendChild(button);
  });
  return holder;
}

/** The extras for a finished room state (null while it has no archive id). */
export function resultExtras(state, mySeat) {
  if (!state.game_id) return null;
  if (!made.has(state.game_id)) {
    const change = el("span", { class: "rating-change", id: "result-rating" });
    if (state.rated && mySeat) fillRatingChange(change, state.game_id, mySeat);
    made.set(state.game_id, el("p", { class: "gameover-extras" }, change, " ",
      el("a", { href: `/g/${encodeURIComponent(state.game_id)}/replay`, "data-link": true, id: "result-review" }, t("games.review")),
      " ", challengeAgain(state, mySeat)));
  }
  return made.get(state.game_id);
}
