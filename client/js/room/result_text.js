// How a finished game reads, to each reader: the player who resigned reads "You resigned ·
// Bob won", the other "alice resigned · You won", a spectator "alice resigned · bob won".
// Every ending of docs/protocol.md §1 (`result.reason`): a row, a full board, resignation,
// time, a claimed win (the opponent left or sat on their turn), agreement, a game nobody
// played on, a room closed before anyone came. Players are named by client/js/common/players.js.

import { t } from "../common/i18n.js";
import { playerName } from "../common/players.js";

/** The ending in a person's words, from the side of the one it is about. */
function eventText(reason, reader, names, k) {
  const { winner, loser } = names;
  switch (reason) {
    case "line": return t("ending.line", { k });
    case "resign": return reader === "loser" ? t("ending.resign.you") : t("ending.resign", { name: loser });
    case "timeout": return reader === "loser" ? t("ending.timeout.you") : t("ending.timeout", { name: loser });
    case "abandoned":
      if (reader === "winner") return t("ending.claimed.by_you", { loser });
      if (reader === "loser") return t("ending.claimed.against_you", { winner });
      return t("ending.claimed", { loser, winner });
    default: return t(`ending.${reason}`);
  }
}

/**
 * { outcome, event, line } for the finished `state` as the player in `mySeat` (null: a
 * spectator) reads it: `outcome` the card's title ("You won", "bob won", "Draw"), `event`
 * what ended it ("alice resigned"), `line` both for the status line.
 */
export function resultWords(state, mySeat) {
  const { winner, reason } = state.result;
  if (reason === "cancelled") {
    const [outcome, event] = [t("ending.cancelled"), t("ending.cancelled.why")];
    return { outcome, event, line: `${outcome} · ${event}` };
  }
  if (winner === null || winner === undefined) {
    const outcome = reason === "abandoned" ? t("ending.abandoned") : t("ending.draw");
    const event = reason === "abandoned" ? t("ending.nobody") : eventText(reason, null, {}, 0);
    return { outcome, event, line: `${outcome} · ${event}` };
  }
  const names = {
    winner: playerName(state.seats[String(winner)]),
    loser: playerName(state.seats[String(3 - winner)]),
  };
  const reader = mySeat === winner ? "winner" : mySeat === 3 - winner ? "loser" : null;
  const k = state.result.line && state.result.line.length ? state.result.line.length : state.board.k;
  const event = eventText(reason, reader, names, k);
  let outcome = t("ending.won", { name: names.winner });
  if (reader === "winner") outcome = t("ending.you_won");
  // "You resigned · You lost" says it twice: the one who resigned reads who won.
  else if (reader === "loser" && reason !== "resign") outcome = t("ending.you_lost");
  return { outcome, event, line: `${event} · ${outcome}` };
}
