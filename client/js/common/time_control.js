// A time control in words, one rule for every page that names one (the lobby, challenges,
// "Your games", the pools): "3+2" (minutes + seconds a move), "2 days a move" (a daily game,
// docs/protocol.md §4), "No clock"; and the time a daily game's player has left.
//
// API: clockText(clock), timeLeftText(ms), summaryClock(roomClock)
//   `clock` is a clock as the server sends it in summaries and challenges:
//   { initial_s, increment_s, days? } or null.

import { t } from "./i18n.js";

const HOUR_MS = 3600 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** "3+2", "1 day a move", "3 days a move", or "No clock". */
export function clockText(clock) {
  if (!clock) return t("home.clock.none");
  if (clock.days) return t(clock.days === 1 ? "clock.day" : "clock.days", { n: clock.days });
  return `${+(clock.initial_s / 60).toFixed(2)}+${clock.increment_s}`;
}

/** A room state's clock (docs/protocol.md §1: { initial_ms, increment_ms, days? }) in the
 *  summaries' shape above (a daily game's as { days }), or null. */
export function summaryClock(roomClock) {
  if (!roomClock) return null;
  if (roomClock.days) return { days: roomClock.days };
  return { initial_s: roomClock.initial_ms / 1000, increment_s: roomClock.increment_ms / 1000 };
}

/** "2 days left", "5 h left", "40 min left" (rounded down, at least a minute). */
export function timeLeftText(ms) {
  if (ms >= 2 * DAY_MS) return t("clock.left.days", { n: Math.floor(ms / DAY_MS) });
  if (ms >= HOUR_MS) return t("clock.left.hours", { n: Math.floor(ms / HOUR_MS) });
  return t("clock.left.minutes", { n: Math.max(1, Math.floor(ms / 60000)) });
}
