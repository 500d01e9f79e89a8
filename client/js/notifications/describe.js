// A notification in words, in the reader's language, and where it leads: one function per
// kind (docs/protocol.md §2e). A kind this page does not know reads as a plain "notification":
// the server adds kinds (daily games, tournaments) before every client knows them.

import { lang, t } from "../common/i18n.js";
import { playerName } from "../common/players.js";
import { variantTitle } from "../common/variant_title.js";
import { challengerName, reasonText, termsText } from "../challenges/describe.js";

const challengePage = (data) => `/challenge/${encodeURIComponent(data.challenge.id)}`;
const byName = (data) => playerName({ kind: "human", ...data.by });

const DESCRIBE = {
  challenge: (data) => ({
    text: t("notif.challenge", { name: challengerName(data.challenge), terms: termsText(data.challenge) }),
    href: challengePage(data),
  }),
  challenge_accepted: (data) => ({
    text: t("notif.challenge_accepted", { name: byName(data), terms: termsText(data.challenge) }),
    href: challengePage(data),
  }),
  challenge_declined: (data) => ({
    text: t("notif.challenge_declined", { name: byName(data), reason: reasonText(data.reason) }),
    href: challengePage(data),
  }),
  challenge_cancelled: (data) => ({
    text: t("notif.challenge_cancelled", { name: challengerName(data.challenge) }),
    href: null,
  }),
  friend_online: (data) => ({
    text: t("notif.friend_online", { name: data.username }),
    href: `/@/${encodeURIComponent(data.username)}`,
  }),
  game_ended: (data) => ({
    text: t(`notif.game_ended.${data.outcome}`, {
      name: playerName(data.opponent), game: variantTitle(data.variant),
      reason: t(`notif.reason.${data.reason}`),
    }),
    href: data.game_id ? `/g/${encodeURIComponent(data.game_id)}/replay` : `/r/${encodeURIComponent(data.room_id)}`,
  }),
  // A daily game waits for my move (the room page takes my seat on this device by itself).
  your_turn: (data) => ({
    text: t("notif.your_turn", { name: playerName(data.opponent), game: variantTitle(data.variant) }),
    href: `/r/${encodeURIComponent(data.room_id)}`,
  }),
  // A tournament paired me: the room (the room page takes my seat on this device by itself).
  tournament_game: (data) => ({
    text: t("notif.tournament_game", { name: data.name, opponent: data.opponent || "?" }),
    href: `/r/${encodeURIComponent(data.room_id)}`,
  }),
};

/** { text, href | null } of a notification. */
export function describe(item) {
  const kind = DESCRIBE[item.kind];
  return kind ? kind(item.data || {}) : { text: t("notif.other"), href: null };
}

/** "3 minutes ago", "yesterday"... in the chosen language. */
export function ago(ms, now = Date.now()) {
  const seconds = Math.round((ms - now) / 1000);
  const format = new Intl.RelativeTimeFormat(lang(), { numeric: "auto" });
  for (const [unit, size] of [["day", 86400], ["hour", 3600], ["minute", 60]]) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit);
  }
  return format.format(seconds, "second");
}
