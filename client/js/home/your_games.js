// "Your games" on the home page: the games of this browser's player (its identity, or the
// account it is logged into, from any device). Unfinished ones first, those where it is the
// player's move at the top ("Your turn", with a daily game's time left), to resume in one click
// (on a device without the seat's token, the server gives this device one: an account's seat
// follows it), then the finished ones, newest first, to review.

import { ApiError, loadToken, saveToken } from "../common/api.js";
import { games as fetchGames, myRooms, resumeSeat } from "../common/account_api.js";
import { gameList } from "../common/game_list.js";
import { variantLabel } from "../common/variant_title.js";
import { errorText, t } from "../common/i18n.js";
import { playerName, playerTag } from "../common/players.js";
import { navigate } from "../common/router.js";
import { feed } from "../notifications/feed.js";
import { clockText, timeLeftText } from "../common/time_control.js";
import { el, tEl, toast } from "../common/ui.js";

/** "Your turn · 23 h left" / "Lan's turn" in a game being played; the clock of a daily one. */
function turnLine(room, opponent) {
  if (room.status !== "playing") return null;
  const left = room.deadline ? timeLeftText(room.deadline - Date.now()) : null;
  const whose = room.your_turn ? t("games.your_turn") : t("games.their_turn", { name: playerName(opponent) });
  return el("div", { class: `game-turn${room.your_turn ? " yours" : ""}` },
    [whose, room.days ? clockText({ days: room.days }) : null, room.your_turn ? left : null]
      .filter(Boolean).join(" · "));
}

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
  return el("li", { class: `lobby-item${room.your_turn ? " your-turn" : ""}`, "data-room": room.room_id },
    el("div", {},
      el("div", { class: "lobby-game" }, variantLabel(room.variant)),
      opponent ? el("div", { class: "lobby-meta" }, t("games.vs"), " ", playerTag(opponent, { link: false })) : null,
      turnLine(room, opponent)),
    button);
}

// Notifications after which my unfinished games read differently (docs/protocol.md §2e).
const CHANGES_MY_GAMES = new Set(["your_turn", "game_ended", "challenge_accepted"]);

/** The "Your games" card; it fills itself in when the answers arrive, and again when a
 *  notification says one of my games changed (a daily game's move played while I look at the
 *  home page). Returns { card, stop }. */
export function yourGamesCard() {
  const body = el("div", {});
  const card = el("section", { class: "card your-games", id: "your-games", hidden: true },
    tEl("h2", "games.yours"), body);
  const fill = () => Promise.all([myRooms().catch(() => ({ rooms: [] })), fetchGames(null).catch(() => ({ games: [], next: null }))])
    .then(([open, page]) => {
      if (!open.rooms.length && !page.games.length) return;
      // (replaceChildren would show a null as the text "null")
      body.replaceChildren(...[
        open.rooms.length ? el("ul", { class: "lobby-list", id: "your-unfinished" },
          // The games where it is my move first (a daily game waits for me there).
          [...open.rooms].sort((a, b) => b.your_turn - a.your_turn).map(resumeItem)) : null,
        page.games.length ? gameList(null, page) : null].filter(Boolean));
      card.hidden = false;
    });
  const onItem = (event) => {
    if (CHANGES_MY_GAMES.has(event.detail.item.kind)) fill();
  };
  feed.addEventListener("item", onItem);
  fill();
  return { card, stop: () => feed.removeEventListener("item", onItem) };
}
