// The room's chat log: the players' and (when open) the spectators' lines, each speaker named
// by the one rule (client/js/common/players.js; a player's line with the stone of their
// seat), the room's own notices ("alice joined."), and a mute button per speaker drawn as an
// SVG (an emoji is a box on a phone without an emoji font).

import { svgEl } from "../common/board_svg.js";
import { t } from "../common/i18n.js";
import { playerName, stoneIcon } from "../common/players.js";
import { el } from "../common/ui.js";

/** A speaker crossed out: the mute button's picture. */
function muteIcon() {
  const svg = svgEl("svg", { viewBox: "0 0 24 24", width: 14, height: 14, "aria-hidden": "true", class: "mute-icon" });
  svgEl("path", { d: "M4 9h4l5-4v14l-5-4H4z", fill: "currentColor" }, svg);
  svgEl("path", { d: "M16 9l6 6M22 9l-6 6", stroke: "currentColor", "stroke-width": 2, "stroke-linecap": "round" }, svg);
  return svg;
}

/** Who said `line`: an account by its username, else the name they gave, else by the rule. */
export function speakerName(line) {
  const from = line.from || {};
  if (line.channel === "players") {
    return playerName({ kind: "human", username: from.username, name: from.name });
  }
  return from.username || (from.name && from.name.trim()) || t("room.spectator");
}

/**
 * A notice's words: its params may hold seats (players named when shown, so a language
 * change or the level names' arrival renames them).
 */
export function noticeText(notice) {
  const params = Object.fromEntries(Object.entries(notice.params).map(([key, value]) => [
    key, value && typeof value === "object" ? playerName(value) : value]));
  return t(notice.key, params);
}

/**
 * The log's lines for the model `m` = { style, notices, chat, spectatorChat, mySeat } and
 * callbacks { mute(line), unmuteAll() }, oldest first.
 */
export function chatLines({ style, notices, chat, spectatorChat, mySeat }, on) {
  const lines = chat.visible(spectatorChat).map((c) => {
    const who = speakerName(c);
    const own = c.channel === "players" && c.from.seat === mySeat;
    const stone = c.channel === "players" && c.from.seat ? stoneIcon(style, c.from.seat) : null;
    const mute = own ? null : el("button", {
      class: "mute", type: "button", title: t("room.chat.mute", { name: who }),
      "aria-label": t("room.chat.mute", { name: who }), onclick: () => on.mute(c),
    }, muteIcon());
    return { ts: c.ts, node: el("li", { class: c.channel === "spectators" ? "spec" : "" },
      el("span", { class: "who" }, stone, el("span", {}, who)), el("span", { class: "text" }, c.text), mute) };
  });
  for (const n of notices) lines.push({ ts: n.ts, node: el("li", { class: "sys" }, noticeText(n)) });
  if (chat.muted.size) {
    lines.push({ ts: Infinity, node: el("li", { class: "sys" }, el("button", {
      class: "link", type: "button", id: "unmute-all", onclick: () => on.unmuteAll(),
    }, t("room.chat.unmute_all", { n: chat.muted.size }))) });
  }
  lines.sort((a, b) => a.ts - b.ts);
  return lines.map((line) => line.node);
}
