// Links more than one page shows.

import { t } from "./i18n.js";
import { el } from "./ui.js";

// The leaderboard shown when none is named.
export const DEFAULT_VARIANT = "caro";

export function leaderboardLink(id, variant = DEFAULT_VARIANT) {
  return el("a", { href: `/leaderboard/${encodeURIComponent(variant)}`, "data-link": true, id, "data-i18n": "leaderboard.title" },
    t("leaderboard.title"));
}
