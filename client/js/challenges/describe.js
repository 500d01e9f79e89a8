// A challenge in words: the game, the clock, rated or casual, the colours, a decline's reason.

import { t } from "../common/i18n.js";
import { clockText } from "../common/time_control.js";
import { playerName } from "../common/players.js";
import { variantTitle } from "../common/variant_title.js";

/** "Gomoku · 5+2 · Rated · Swap2". */
export function termsText(challenge) {
  return [variantTitle(challenge.variant), clockText(challenge.clock),
    t(challenge.rated ? "challenge.rated" : "challenge.casual"),
    challenge.opening !== "none" ? t(`home.opening.${challenge.opening}`) : null,
  ].filter(Boolean).join(" · ");
}

/** Which side the reader plays: "You play first" / "You play second" / "Sides drawn by lot". */
export function sideText(challenge) {
  if (challenge.colour === "random") return t("challenge.side.random");
  const challengerFirst = challenge.colour === "first";
  const mine = challenge.you === "challenger" ? challengerFirst : !challengerFirst;
  return t(mine ? "challenge.side.first" : "challenge.side.second");
}

export function challengerName(challenge) {
  return playerName({ kind: "human", ...challenge.challenger });
}

export function reasonText(reason) {
  return t(`challenge.reason.${reason || "generic"}`);
}
