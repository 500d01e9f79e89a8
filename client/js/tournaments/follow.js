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

// A pairing is stored before its room is made (a moment later, both seats at once or one
// after the other): until then the seat is not there yet, and the next look tries again.
const NOT_YET = new Set(["room_not_found", "not_a_player"]);
const going = new Set();

/** Goes to my seat in `roomId`, unless this tab went there already. */
export function goToPairing(roomId) {
  if (going.has(roomId) || visited().has(roomId)) return;
  going.add(roomId);
  openMySeat(roomId).then(() => {
    const rooms = visited();
    rooms.add(roomId);
    sessionStorage.setItem(VISITED_KEY, JSON.stringify([...rooms].slice(-KEPT)));
  }, (err) => {
    const code = err instanceof ApiError ? err.code : "internal_error";
    if (!NOT_YET.has(code)) toast(errorText(code), "error");
  }).finally(() => going.delete(roomId));
}

/** Follows the pairings announced on the player's socket, on every page. */
export function followPairings() {
  feed.addEventListener("item", (e) => {
    const { item } = e.detail;
    if (item.kind === "tournament_game" && item.data && item.data.room_id) goToPairing(item.data.room_id);
  });
}
