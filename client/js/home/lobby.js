// The lobby on the home page: the open seeks (public rooms waiting for an opponent, docs/
// protocol.md §2 `GET /api/rooms?open=1`) with who seeks, at what rating, the game, the clock,
// rated or casual and the ratings a seek asks for; and the public games being played, to watch.
// Players are named by the one rule of client/js/common/players.js.

import { ApiError, joinRoom, liveRooms, loadName, loadToken, openRooms, saveToken } from "../common/api.js";
import { onWhoAmI, whoAmI } from "../common/account_api.js";
import { errorText, t } from "../common/i18n.js";
import { boardStyle } from "../common/board_svg.js";
import { playerTag } from "../common/players.js";
import { navigate } from "../common/router.js";
import { clockText } from "../common/time_control.js";
import { dottedLine, el, replaceChanged, tEl, tNodes, toast } from "../common/ui.js";
import { variantLabel } from "../common/variant_title.js";
import { boardOf, knownBoard } from "../common/variants.js";

const LIVE_SHOWN = 8;
const NEWCOMER = 1500; // an account's rating in a game it has not played (docs/protocol.md §2d)

/** The rated or casual word, the opening rule, and the ratings a seek asks for. */
function terms(room) {
  const opening = room.opening && room.opening !== "none" ? t(`home.opening.${room.opening}`) : null;
  const range = room.rating_range ? t("lobby.range", room.rating_range) : null;
  return [clockText(room.clock), t(room.rated ? "replay.rated" : "game.casual"), opening, range]
    .filter(Boolean);
}

/** Why `who` may not take this seek's seat (a key of the dictionaries), or null. */
function barred(room, who) {
  const range = room.rating_range;
  if (!range && !room.rated) return null;
  if (!who.username) return range ? "lobby.range.login" : "lobby.rated.login";
  if (!range) return null;
  const mine = (who.ratings[room.variant] || { rating: NEWCOMER }).rating;
  return mine < range.min || mine > range.max ? "lobby.range.out" : null;
}

async function takeSeat(room, button) {
  if (loadToken(room.room_id)) {
    navigate(`/r/${room.room_id}`); // my own open room: go back to my seat
    return;
  }
  button.disabled = true;
  try {
    const answer = await joinRoom(room.room_id, loadName() || undefined);
    saveToken(answer.room_id, answer.token);
    navigate(`/r/${answer.room_id}`);
  } catch (err) {
    toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
    button.disabled = false;
  }
}

function seekItem(room, who) {
  const host = room.seats[String(3 - room.free_seat)];
  const mine = Boolean(loadToken(room.room_id));
  const why = mine ? null : barred(room, who);
  const join = el("button", { class: "btn small primary", type: "button", disabled: Boolean(why),
    title: why ? t(why) : null }, t(mine ? "lobby.yours" : "home.lobby.join"));
  join.addEventListener("click", () => takeSeat(room, join));
  return el("li", { class: "lobby-item seek", "data-room": room.room_id },
    el("div", { class: "seek-body" },
      el("div", { class: "lobby-game" }, variantLabel(room.variant)),
      el("div", { class: "seek-player lobby-players" }, ...tNodes("home.lobby.by", { name: playerTag(host) })),
      el("div", { class: "lobby-meta" }, dottedLine(terms(room))),
      why ? el("div", { class: "seek-why muted" }, t(why)) : null),
    join);
}

/** "alice 1500? vs Computer · level 3, Club": who plays a game being watched, by the one rule,
 *  with their stones once the board is known (the next refresh). */
function playersLine(room) {
  const board = knownBoard(room.variant);
  if (!board) boardOf(room.variant).catch(() => {});
  const style = board ? boardStyle(board) : null;
  return tNodes("home.live.vs", {
    a: playerTag(room.seats["1"], { seat: 1, style, link: false }),
    b: playerTag(room.seats["2"], { seat: 2, style, link: false }),
  });
}

function liveItem(room) {
  return el("li", { class: "lobby-item" },
    el("div", {},
      el("div", { class: "lobby-game" }, variantLabel(room.variant)),
      room.seats ? el("div", { class: "lobby-players" }, ...playersLine(room)) : null,
      el("div", { class: "lobby-meta" }, dottedLine(terms(room)))),
    el("a", { class: "btn small", href: room.url || `/r/${room.room_id}`, "data-link": true }, t("home.live.watch")));
}

/** The lobby card, with the demo button `foot` at its foot. Returns { section, refresh, render,
 *  stop }; it redraws at once when the player logs in or out (who may take which seek). */
export function lobbyCard(foot) {
  const list = el("ul", { class: "lobby-list", id: "lobby-list" });
  const liveList = el("ul", { class: "lobby-list", id: "live-list" });
  const liveHead = tEl("h3", "home.live", { class: "live-head" });
  const section = el("section", { class: "card lobby", id: "lobby" }, tEl("h2", "home.lobby"), list,
    liveHead, liveList, el("div", { class: "lobby-foot" }, foot));
  let rooms = [];
  let live = [];
  let who = { username: null, ratings: {} };
  const render = () => {
    replaceChanged(list, ...(rooms.length ? rooms.map((room) => seekItem(room, who))
      : [el("li", { class: "muted" }, t("home.lobby.empty"))]));
    liveHead.hidden = !live.length;
    replaceChanged(liveList, ...live.slice(0, LIVE_SHOWN).map(liveItem));
  };
  const refresh = async () => {
    [rooms, live, who] = await Promise.all([openRooms().catch(() => []), liveRooms().catch(() => []),
      whoAmI()]);
    render();
  };
  const stop = onWhoAmI((me) => {
    who = me;
    render();
  });
  return { section, refresh, render, stop };
}
