// The leaderboard page /leaderboard/{variant}: a variant picker (every variant a rated game can
// be played in, from /api/variants) and the ratings of that variant, the established ones first
// and then the provisional ones, marked "?" (a new server's first players), each player linking
// to their profile.

import { ApiError, variantList } from "../common/api.js";
import { leaderboard, ratingText } from "../common/account_api.js";
import { errorText, t } from "../common/i18n.js";
import { playerTag } from "../common/players.js";
import { navigate } from "../common/router.js";
import { el, tEl } from "../common/ui.js";
import { DEFAULT_VARIANT } from "../common/links.js";
import { variantTitle } from "../common/variant_title.js";


function picker(boards, current) {
  const select = el("select", { id: "leaderboard-variant", "aria-label": t("leaderboard.variant") },
    boards.map((board) => el("option", { value: board.name, selected: board.name === current }, variantTitle(board.name, board.rows ? board : null))));
  select.addEventListener("change", () => navigate(`/leaderboard/${encodeURIComponent(select.value)}`));
  return select;
}

function table(players) {
  if (!players.length) return tEl("p", "leaderboard.empty", { class: "muted", id: "leaderboard-empty" });
  const head = el("tr", {}, ["leaderboard.rank", "leaderboard.player", "leaderboard.rating", "leaderboard.games"]
    .map((key) => tEl("th", key, { scope: "col" })));
  const rows = players.map((p, i) => el("tr", { "data-player": p.username, class: p.provisional ? "provisional" : null },
    el("td", {}, String(i + 1)),
    el("td", {}, playerTag({ kind: "human", username: p.username }, { rating: false })),
    el("td", { class: "rating" }, ratingText(p)),
    el("td", {}, String(p.games))));
  const note = players.some((p) => p.provisional)
    ? tEl("p", "leaderboard.provisional", { class: "muted", id: "leaderboard-provisional" }) : null;
  return el("div", {},
    el("table", { class: "leaderboard-table", id: "leaderboard-table" }, el("thead", {}, head), el("tbody", {}, rows)),
    note);
}

/** A link to the leaderboard (of `variant`, else the default one), for the home and profile pages. */
export function mountLeaderboard(main, variant = DEFAULT_VARIANT) {
  document.title = `${t("leaderboard.title")} · Caro Arena`;
  const body = el("div", { id: "leaderboard-body" }, tEl("p", "replay.loading", { class: "muted" }));
  const head = el("div", { class: "leaderboard-head" }, tEl("h1", "leaderboard.title"));
  main.appendChild(el("div", { class: "leaderboard card", id: "leaderboard" }, head, body));
  Promise.all([variantList(), leaderboard(variant)]).then(([known, board]) => {
    const listed = known.variants.some((v) => v.name === variant);
    head.appendChild(picker(listed ? known.variants : [{ name: variant }, ...known.variants], variant));
    body.replaceChildren(table(board.players));
  }).catch((err) => {
    body.replaceChildren(el("p", { id: "leaderboard-error" },
      errorText(err instanceof ApiError ? err.code : "internal_error")));
  });
  return () => {};
}
