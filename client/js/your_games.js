// "Your games" on the home page: the games of this browser's player (its identity, or the
// account it is logged into, from any device), newest first, each to review; and the rooms
// this browser holds a seat in that are still being played, to go back to in one click.

import { games as fetchGames } from "./account_api.js";
import { loadTokenRooms } from "./api.js";
import { gameList } from "./game_list.js";
import { variantTitle } from "./home.js";
import { el, tEl } from "./ui.js";

const UNFINISHED_SHOWN = 5;

async function unfinished() {
  const rooms = await Promise.all(loadTokenRooms().slice(0, 20).map((id) =>
    fetch(`/api/rooms/${encodeURIComponent(id)}`).then((r) => (r.ok ? r.json() : null)).catch(() => null)));
  return rooms.filter((s) => s && s.status !== "finished").slice(0, UNFINISHED_SHOWN);
}

/** The "Your games" card; it fills itself in when the answers arrive. */
export function yourGamesCard() {
  const body = el("div", {});
  const card = el("section", { class: "card your-games", id: "your-games", hidden: true },
    tEl("h2", "games.yours"), body);
  Promise.all([unfinished(), fetchGames(null).catch(() => ({ games: [], next: null }))])
    .then(([open, page]) => {
      if (!open.length && !page.games.length) return;
      const resume = open.map((state) => el("li", { class: "lobby-item" },
        el("span", {}, variantTitle(state.variant)),
        tEl("a", "games.resume", { class: "btn small primary", href: `/r/${state.room_id}`, "data-link": true })));
      body.replaceChildren(
        resume.length ? el("ul", { class: "lobby-list", id: "your-unfinished" }, resume) : null,
        page.games.length ? gameList(null, page) : null);
      card.hidden = false;
    });
  return card;
}
