// The friends page (/following): the players you follow, with who is online or playing now
// (a link to watch) and a Challenge button; the accounts online now; and a challenge by link
// (for anyone, an anonymous player too). Refreshed every few
// seconds and when a friend comes online.

import { ApiError } from "../common/api.js";
import { whoAmI } from "../common/account_api.js";
import { errorText, t } from "../common/i18n.js";
import { el, replaceChanged, tEl } from "../common/ui.js";
import { feed } from "../notifications/feed.js";
import { following, onlinePlayers, unfollow } from "./api.js";
import { personRow } from "./status.js";
import { openChallengeDialog } from "../challenges/dialog.js";

const REFRESH_MS = 10000;

export function mountFollowing(main) {
  document.title = `${t("friends.title")} · Caro Arena`;
  const followed = el("ul", { class: "lobby-list", id: "following-list" });
  const online = el("ul", { class: "lobby-list", id: "online-list" });
  const byLink = tEl("button", "challenge.title.link", { type: "button", class: "btn small", id: "challenge-by-link" });
  byLink.addEventListener("click", () => openChallengeDialog(null));
  main.appendChild(el("div", { class: "friends", id: "friends" },
    el("section", { class: "card" }, el("div", { class: "friends-head" }, tEl("h1", "friends.title"), byLink), followed),
    el("section", { class: "card" }, tEl("h2", "friends.online"), online)));

  const unfollowButton = (username) => {
    const button = tEl("button", "friends.unfollow", { type: "button", class: "btn small" });
    button.addEventListener("click", async () => {
      button.disabled = true;
      await unfollow(username).catch(() => null);
      load();
    });
    return button;
  };
  const load = async () => {
    const me = await whoAmI();
    if (me.username) {
      following().then(({ following: people }) => replaceChanged(followed, ...(people.length
        ? people.map((p) => personRow(p, me, unfollowButton(p.username)))
        : [tEl("li", "friends.none", { class: "muted" })])),
      (err) => followed.replaceChildren(el("li", { class: "muted" }, errorText(err instanceof ApiError ? err.code : "internal_error"))));
    } else {
      followed.replaceChildren(tEl("li", "friends.login", { class: "muted" }));
    }
    onlinePlayers().then(({ players }) => replaceChanged(online, ...(players.length
      ? players.map((p) => personRow(p, me))
      : [tEl("li", "friends.nobody", { class: "muted" })])), () => {});
  };
  const onItem = (e) => {
    if (e.detail.item.kind === "friend_online") load();
  };
  feed.addEventListener("item", onItem);
  load();
  const timer = setInterval(load, REFRESH_MS);
  return () => {
    clearInterval(timer);
    feed.removeEventListener("item", onItem);
  };
}
