// A list of archived games (a profile's, or "Your games"), each a link to its replay, with a
// "More" button that fetches the next page (keyset paging: docs/protocol.md §2d). The opponent
// is named by the naming rule (common/players.js), the date in the page's language.

import { games as fetchGames, ratingDiff } from "./account_api.js";
import { variantLabel } from "./variant_title.js";
import { formatDate, t } from "./i18n.js";
import { playerTag } from "./players.js";
import { dottedParts, el, tEl } from "./ui.js";

export function gameItem(game) {
  const change = game.rating_changes && game.rating_changes[String(game.seat)];
  const opponent = game.players[game.seat === 1 ? "2" : "1"];
  return el("li", { class: "lobby-item game-item", "data-game": game.id },
    el("div", {},
      el("div", { class: "lobby-game" },
        tEl("span", `outcome.${game.outcome}`, { class: `outcome outcome-${game.outcome}` }), " ",
        variantLabel(game.variant), game.rated ? tEl("span", "game.rated", { class: "badge" }) : null),
      el("div", { class: "lobby-meta" },
        t("games.vs"), " ", playerTag(opponent, { link: false }),
        dottedParts([formatDate(game.finished_at), change ? ratingDiff(change.diff) : null].filter(Boolean)))),
    el("a", { class: "btn small", href: `/g/${encodeURIComponent(game.id)}/replay`, "data-link": true }, t("games.review")));
}

/** A list element showing `first` (a page answer) and fetching later pages on "More". */
export function gameList(username, first) {
  const list = el("ul", { class: "lobby-list game-list" });
  const more = tEl("button", "games.more", { type: "button", class: "btn small games-more" });
  let next = null;
  const add = (page) => {
    for (const game of page.games) list.appendChild(gameItem(game));
    next = page.next;
    more.hidden = !next;
  };
  more.addEventListener("click", async () => {
    more.disabled = true;
    add(await fetchGames(username, next).catch(() => ({ games: [], next })));
    more.disabled = false;
  });
  add(first);
  if (!first.games.length) list.appendChild(tEl("li", "games.none", { class: "muted" }));
  return el("div", {}, list, more);
}
