// The profile page /@/{username}: ratings per variant ("?" while provisional), the rating
// history chart, wins / draws / losses and the games, newest first.

import { ApiError } from "../common/api.js";
import { player as fetchPlayer, ratingText } from "../common/account_api.js";
import { gameList } from "../common/game_list.js";
import { variantLabel } from "../common/variant_title.js";
import { errorText, t } from "../common/i18n.js";
import { ratingChart } from "./rating_chart.js";
import { leaderboardLink } from "../common/links.js";
import { el, tEl } from "../common/ui.js";
import { playerActions } from "../relations/actions.js";

export function mountProfile(main, username) {
  const page = el("div", { class: "profile", id: "profile" }, tEl("p", "replay.loading", { class: "muted" }));
  main.appendChild(page);
  fetchPlayer(username).then((data) => {
    document.title = `${data.username} · Caro Arena`;
    const ratings = Object.entries(data.ratings);
    const { wins, draws, losses } = data.record;
    const chart = ratingChart(data.history, t("profile.chart"));
    page.replaceChildren(
      el("h1", { id: "profile-name" }, data.username),
      playerActions(data.username),
      el("section", { class: "card" },
        tEl("h2", "profile.ratings"),
        ratings.length
          ? el("ul", { class: "ratings", id: "profile-ratings" }, ratings.map(([variant, r]) =>
            el("li", { "data-variant": variant },
              variantLabel(variant), " ",
              el("strong", { class: "rating" }, ratingText(r)), " ",
              el("span", { class: "muted" }, t("profile.games", { n: r.games })))))
          : tEl("p", "profile.unrated", { class: "muted" }),
        chart,
        el("p", { id: "profile-record" }, t("profile.record", { wins, draws, losses })),
        leaderboardLink("profile-leaderboard", ratings.length ? ratings[0][0] : undefined)),
      el("section", { class: "card" }, tEl("h2", "profile.games.title"), gameList(data.username, data)));
  }).catch((err) => {
    page.replaceChildren(el("p", { class: "card", id: "profile-error" },
      errorText(err instanceof ApiError ? err.code : "internal_error")));
  });
  return () => {};
}
