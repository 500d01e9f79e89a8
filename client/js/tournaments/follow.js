// A player paired in a tournament is taken to their game from whatever page they are on: the
// `tournament_game` notification on the player's own socket (docs/protocol.md §3b), or the
// tournament page seeing the pairing (a notification missed while reconnecting). Once per
// game and tab, so coming back to the tournament page does not bounce into the game again.

import { openMySeat } from "../common/account_api.js";
import { ApiError } from "../common/api.js";
import { errorText } from "../common/i18n.js";
import { toast } from "../common/ui.js";
import { feed } from "../notifications/feed.js";

const VISITED_KEY = "caro-arena:tournament-games"; // rooms this tab was sent to already
const KEPT = 50;

function visited() {
  try {
    return new Set(JSON.parse(sessionStorage.getItem(VISITED_KEY) || "[]"));
  } catch {
    return new Set();
  }
}

/** Goes to my seat in `roomId`, unless this tab went there already. */
export function goToPairing(roomId) {
  const rooms = visited();
  if (rooms.has(roomId)) return;
  rooms.add(roomId);
  sessionStorage.setItem(VISITED_KEY, JSON.stringify([...rooms].slice(-KEPT)));
  openMySeat(roomId).catch((err) => toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error"));
}

/** Follows the pairings announced on the player's socket, on every page. */
export function followPairings() {
  feed.addEventListener("item", (e) => {
    const { item } = e.detail;
    if (item.kind === "tournament_game" && item.data && item.data.room_id) goToPairing(item.data.room_id);
  });
}
