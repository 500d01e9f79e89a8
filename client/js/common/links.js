// Links more than one page shows.

import { whoAmI } from "./account_api.js";
import { t } from "./i18n.js";
import { el } from "./ui.js";

// The leaderboard shown when none is named.
export const DEFAULT_VARIANT = "caro";

export function leaderboardLink(id, variant = DEFAULT_VARIANT) {
  return el("a", { href: `/leaderboard/${encodeURIComponent(variant)}`, "data-link": true, id, "data-i18n": "leaderboard.title" },
    t("leaderboard.title"));
}

/** The friends page: the players you follow and the accounts online (/following). */
export function friendsLink(id) {
  return el("a", { href: "/following", "data-link": true, id, "data-i18n": "friends.link" },
    t("friends.link"));
}

/** The puzzles page (/puzzles). */
export function puzzlesLink(id) {
  return el("a", { href: "/puzzles", "data-link": true, id, "data-i18n": "puzzle.link" }, t("puzzle.link"));
}

/** The moderators' page (/mod), for an account that may moderate. */
export function moderationLink(id) {
  return el("a", { href: "/mod", "data-link": true, id, "data-i18n": "mod.title" }, t("mod.title"));
}

/** The tournaments: upcoming, running, recent, and the create form (/tournaments). */
export function tournamentsLink(id) {
  return el("a", { href: "/tournaments", "data-link": true, id, "data-i18n": "tour.title" }, t("tour.title"));
}

/** The home page's links: puzzles, the leaderboard, friends, tournaments, and for a moderator
 *  their page. */
export function homeLinks() {
  const links = el("p", { class: "home-links" }, puzzlesLink("home-puzzles"), " · ",
    leaderboardLink("home-leaderboard"), " · ", friendsLink("home-friends"), " · ",
    tournamentsLink("home-tournaments"));
  whoAmI().then((me) => {
    if (me.moderator) links.append(" · ", moderationLink("home-mod"));
  });
  return links;
}
