// A player's state now, as a row: name, online or not, the game they play (a link to watch),
// and a Challenge button; shared by the following page and profiles.

import { t } from "../common/i18n.js";
import { playerTag } from "../common/players.js";
import { el, tEl } from "../common/ui.js";
import { openChallengeDialog } from "../challenges/dialog.js";

/** "Online" / "Offline" / "Playing" with a Watch link. */
export function statusBadge(person) {
  const state = person.playing ? "playing" : person.online ? "online" : "offline";
  return el("span", { class: `presence-badge ${state}`, "data-state": state },
    el("span", { class: "presence-dot", "aria-hidden": "true" }), t(`friends.state.${state}`),
    person.playing ? el("a", { href: person.playing.url, "data-link": true, class: "watch-link" }, t("friends.watch")) : null);
}

export function challengeButton(username, me) {
  const button = tEl("button", "challenge.button", { type: "button", class: "btn small challenge-btn", "data-username": username });
  button.disabled = !me.username || me.username.toLowerCase() === username.toLowerCase();
  button.addEventListener("click", () => openChallengeDialog(username));
  return button;
}

/** A list row for `person` ({ username, online, playing }), with `extra` controls. */
export function personRow(person, me, ...extra) {
  return el("li", { class: "lobby-item person-row", "data-username": person.username },
    el("div", { class: "person-main" }, playerTag({ kind: "human", username: person.username }), statusBadge(person)),
    el("div", { class: "person-actions" }, challengeButton(person.username, me), ...extra));
}
