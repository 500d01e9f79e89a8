// "Your games" on the home page: the games of this browser's player (its identity, or the
// account it is logged into, from any device). Unfinished ones first, to resume in one click
// (on a device without the seat's token, the server gives this device one: an account's seat
// follows it), then the finished ones, newest first, to review.

import { ApiError, loadToken, saveToken } from "../common/api.js";
import { games as fetchGames, myRooms, resumeSeat } from "../common/account_api.js";
import { gameList } from "../common/game_list.js";
import { variantLabel } from "../common/variant_title.js";
import { errorText } from "../common/i18n.js";
import { navigate } from "../common/router.js";
import { el, tEl, tNodes, toast } from "../common/ui.js";
import { playerTag } from "../common/players.js";

function resumeItem(room) {
  const button = tEl("button", "games.resume", { type: "button", class: "btn small primary", "data-room": room.room_id });
  button.addEventListener("click", async () => {
    if (!loadToken(room.room_id)) {
      button.disabled = true;
      try {
        saveToken(room.room_id, (await resumeSeat(room.room_id)).token);
      } catch (err) {
        toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
        button.disabled = false;
        return;
      }
    }
    navigate(room.url);
  });
  const opponent = room.seats && room.seats[String(3 - room.seat)];
  return el("li", { class: "lobby-item" },
    el("div", {},
      el("div", { class: "lobby-game" }, variantLabel(room.variant)),
      opponent ? el("div", { class: "lobby-meta" }, ...tNodes("games.vs", { name: playerTag(opponent, { link: false }) })) : null),
    button);
}

/** The "Your games" card; it fills itself in when the answers arrive. */
export function yourGamesCard() {
  const body = el("div", {});
  const card = el("section", { class: "card your-games", id: "your-games", hidden: true },
    tEl("h2", "games.yours"), body);
  Promise.all([myRooms().catch(() => ({ rooms: [] })), fetchGames(null).catch(() => ({ games: [], next: null }))])
    .then(([open, page]) => {
      if (!open.rooms.length && !page.games.length) return;
      // (replaceChildren would show a null as the text "null")
      body.replaceChildren(...[
        open.rooms.length ? el("ul", { class: "lobby-list", id: "your-unfinished" }, open.rooms.map(resumeItem)) : null,
        page.games.length ? gameList(null, page) : null].filter(Boolean));
      card.hidden = false;
    });
  return card;
}
