// A tournament in words, in the reader's language: its format and terms, its status, the
// countdown, a player's result in one game and a score.

import { t } from "../common/i18n.js";
import { clockText } from "../common/time_control.js";
import { variantTitle } from "../common/variant_title.js";

/** "Arena · Caro (Vietnamese rule) · 3+2 · rated · 45 minutes"; "Swiss · Gomoku · Swap2 · …"
 *  with an opening rule. */
export function termsText(tour) {
  const length = tour.format === "arena" ? t(tour.minutes === 1 ? "tour.minutes.one" : "tour.minutes", { n: tour.minutes })
    : tour.format === "swiss" ? t(tour.rounds === 1 ? "tour.rounds.one" : "tour.rounds", { n: tour.rounds })
      : t(tour.cycles === 2 ? "tour.cycles.two" : "tour.cycles.one");
  const opening = tour.opening && tour.opening !== "none" ? t(`home.opening.${tour.opening}`) : null;
  return [t(`tour.format.${tour.format}`), variantTitle(tour.variant), opening, clockText(tour.clock),
    t(tour.rated ? "tour.rated" : "tour.casual"), length].filter(Boolean).join(" · ");
}

/** "1:05:09", "4:02", "0:09" */
export function countdownText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}

/** The status line: starts in / ends in / round r of n / finished; `offset` the server's clock
 *  minus this page's. */
export function statusText(tour, offset) {
  const now = Date.now() + offset;
  if (tour.status === "created") return t("tour.starts_in", { time: countdownText(tour.starts_at_ms - now) });
  if (tour.status === "finished") return t("tour.finished");
  if (tour.format === "arena") return t("tour.ends_in", { time: countdownText(tour.ends_at_ms - now) });
  const total = tour.format === "swiss" ? tour.rounds : null;
  return total ? t("tour.round_of", { r: tour.round, n: total }) : t("tour.round", { r: tour.round });
}

/** "2", "1½", "½" */
export function scoreText(score) {
  const whole = Math.floor(score);
  const half = score - whole >= 0.5 ? "½" : "";
  return whole || !half ? `${whole}${half}` : half;
}

/** The mark of a player's game: 1, ½, 0, "+" (a bye, or a win by forfeit), "−" (a loss by
 *  forfeit: withdrawn), "*" (being played). */
export function resultMark(game) {
  if (game.forfeit) return game.result === "win" ? "+" : "−";
  return { win: "1", draw: "½", loss: "0", bye: "+" }[game.result] || "*";
}
