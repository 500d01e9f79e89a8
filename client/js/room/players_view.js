// The room's players card: per seat the colour's stone, the player named by the one rule
// (client/js/common/players.js: username and rating, chosen name, or the computer and its
// level), whether they are here, and their clock; below them, on a line of its own, the
// note that clocks start after the first moves and the idle countdown of a game without a
// clock (a casual game shows it only in its last minute: it is a warning, not a clock); a
// daily game's clock in days and hours, and a note that the game waits for its players; a
// tournament player who went berserk is marked ⚡ beside their presence.

import { t } from "../common/i18n.js";
import { playerName, playerTag, stoneIcon } from "../common/players.js";
import { allows, clockLeft, formatClock } from "./state.js";
import { el } from "../common/ui.js";

export const LOW_TIME_MS = 20000;
const CASUAL_DEADLINE_SHOWN_MS = 60000; // a casual game's idle countdown: its last minute
const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A clock face: "4:05"; a daily game's (`daily`) "1d 23h" a day or more ahead, "5h 12m" an
 *  hour or more ahead, then as any clock. */
function clockFace(ms, daily) {
  if (!daily || ms < HOUR_MS) return formatClock(ms);
  const minutes = Math.floor(ms / 60000);
  const hours = Math.floor(minutes / 60);
  if (ms < DAY_MS) return t("clock.face.hours", { h: hours, m: minutes % 60 });
  return t("clock.face.days", { d: Math.floor(hours / 24), h: hours % 24 });
}

function playerCard(m, seat) {
  const { state, style, mySeat, presence, now } = m;
  const player = state.seats[String(seat)];
  const connected = seat === mySeat ? m.ready : presence && presence.players[String(seat)];
  const online = player && (player.kind === "ai" || connected);
  const left = clockLeft(state.clock, seat, now);
  const running = state.status === "playing" && state.clock && state.clock.running === seat;
  const presenceWord = online ? t("room.online") : t("room.offline");
  const berserk = Boolean(state.clock && state.clock.berserk && state.clock.berserk[String(seat)]);
  const meta = player ? el("span", { class: "pmeta" },
    el("span", { class: `dot${online ? " on" : ""}`, title: presenceWord, "aria-label": presenceWord, role: "img" }),
    el("span", {},
      el("span", { class: "pstate" }, seat === mySeat ? `${presenceWord} · ` : presenceWord),
      seat === mySeat ? t("room.you") : null),
    berserk ? el("span", {
      class: "berserk-mark", "data-berserk": seat, role: "img", title: t("room.berserk.mark"), "aria-label": t("room.berserk.mark"),
    }, "⚡") : null) : null;
  return el("div", {
    class: `player${state.status === "playing" && state.turn === seat ? " to-move" : ""}`,
    "data-seat": seat,
  },
  stoneIcon(style, seat),
  el("div", { class: "pinfo" },
    el("span", { class: `pname${player ? "" : " empty"}` }, player ? playerTag(player) : playerName(null)),
    meta),
  left === null ? null : el("span", {
    class: `clock${running ? " running" : ""}${left < LOW_TIME_MS ? " low" : ""}`, "data-clock": seat,
  }, clockFace(left, Boolean(state.clock.days))));
}

/**
 * "Move within 0:45" / "alice must move within 0:45" in a game without a clock
 * (docs/protocol.md §1 `move_deadline`), or null when there is nothing to show now.
 */
export function deadlineText({ state, mySeat, now }) {
  if (state.status !== "playing" || !state.move_deadline) return null;
  const left = state.move_deadline - now;
  if (!state.rated && left > CASUAL_DEADLINE_SHOWN_MS) return null;
  const time = formatClock(left);
  if (state.turn === mySeat) return t("room.deadline.you", { time });
  return t("room.deadline.them", { name: playerName(state.seats[String(state.turn)]), time });
}

/** Fills the players card `section` from the room model `m`; `berserk` sends that command. */
export function renderPlayers(section, m, berserk) {
  const { state, mySeat } = m;
  const rows = [el("div", { class: "player-rows" }, playerCard(m, 1), playerCard(m, 2))];
  // A tournament's game, before this player's first move: berserk, beside the clocks (where a
  // phone shows it without scrolling), only while the server allows it.
  if (allows(state, mySeat, "berserk")) {
    rows.push(el("button", {
      class: "btn berserk", type: "button", id: "berserk", disabled: !m.ready, title: t("room.berserk.hint"), onclick: berserk,
    }, t("room.berserk")));
  }
  // The server's clock says when neither side's time runs yet (it starts after each first move).
  if (state.clock && state.status === "playing" && state.clock.running === null) {
    rows.push(el("p", { class: "muted clock-note", id: "clock-note" }, t("room.clock.first")));
  }
  // A daily game waits for its players: they may leave and come back (docs/protocol.md §4).
  if (state.clock && state.clock.days && state.status !== "finished") {
    rows.push(el("p", { class: "muted clock-note", id: "daily-note" },
      t(state.clock.days === 1 ? "room.daily.one" : "room.daily", { n: state.clock.days })));
  }
  const deadline = deadlineText(m);
  rows.push(el("p", { class: "deadline", id: "move-deadline", hidden: !deadline }, deadline || ""));
  if (!mySeat) rows.push(el("p", { class: "muted spectating" }, t("room.spectating")));
  section.replaceChildren(...rows);
}

/** Updates only the clock faces and the idle countdown (called several times a second). */
export function tickPlayers(section, m) {
  for (const face of section.querySelectorAll("[data-clock]")) {
    const left = clockLeft(m.state.clock, Number(face.dataset.clock), m.now);
    face.textContent = clockFace(left, Boolean(m.state.clock.days));
    face.classList.toggle("low", left < LOW_TIME_MS);
  }
  const deadline = section.querySelector("#move-deadline");
  if (deadline) {
    const text = deadlineText(m);
    deadline.hidden = !text;
    deadline.textContent = text || "";
  }
}
