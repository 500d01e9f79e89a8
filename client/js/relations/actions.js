// What you can do about a player, on their profile: challenge, follow or unfollow, block or
// unblock, report to the moderators; and where they are now (online, playing: a link to watch). Nothing for yourself;
// the buttons that need an account say so to a player without one.

import { ApiError } from "../common/api.js";
import { whoAmI } from "../common/account_api.js";
import { errorText } from "../common/i18n.js";
import { el, tEl, toast } from "../common/ui.js";
import { block, follow, relation, unblock, unfollow } from "./api.js";
import { challengeButton, statusBadge } from "./status.js";
import { openReportDialog } from "../moderation/report_dialog.js";

function toggle(onKey, offKey, isOn, turnOn, turnOff, after) {
  const button = tEl("button", isOn ? offKey : onKey, { type: "button", class: "btn small", "aria-pressed": String(isOn) });
  button.addEventListener("click", async () => {
    button.disabled = true;
    try {
      await (isOn ? turnOff() : turnOn());
    } catch (err) {
      toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
    }
    after();
  });
  return button;
}

/** An element that fills itself with `username`'s status and the actions on them. */
export function playerActions(username) {
  const box = el("div", { class: "player-actions", id: "player-actions" });
  const render = async () => {
    const [me, rel] = await Promise.all([whoAmI(), relation(username)]);
    const mine = me.username && me.username.toLowerCase() === username.toLowerCase();
    const items = [statusBadge(rel)];
    if (!mine && me.username) {
      const reportButton = tEl("button", "report.button", { type: "button", class: "btn small", id: "report-btn" });
      reportButton.addEventListener("click", () => openReportDialog(rel.username));
      items.push(challengeButton(rel.username, me),
        toggle("friends.follow", "friends.unfollow", rel.following, () => follow(username), () => unfollow(username), render),
        toggle("friends.block", "friends.unblock", rel.blocking, () => block(username), () => unblock(username), render),
        reportButton);
    } else if (!mine) {
      items.push(tEl("span", "friends.login.actions", { class: "muted" }));
    }
    box.replaceChildren(...items);
  };
  render().catch(() => {});
  return box;
}
