// One rule for naming a player, used by every page that names one (issue 25): the room's
// player cards, invite, chat, result line and game-over card, the lobby, the home page's
// lists, "Your games", the review and replay headers, profiles and the leaderboard.
//
// The rule:
// - an account: its username, a link to its profile /@/username, with its rating when the
//   game began ("1500?" while provisional);
// - a person without an account: the name they chose, else "Anonymous";
// - the computer: "Computer · level 4, Intermediate" (the level's name from GET /api/levels,
//   in the page's language; "Computer · level 4" until that answer has come);
// - the colour is a stone icon beside the name (black/white stones, X/O, red/yellow discs in
//   Connect Four), never the name itself.
//
// A `player` is a seat as the server sends it (docs/protocol.md §1 `seats[n]`, §2b archive
// `players[n]`, lobby summaries' `seats`): { kind: "human" | "ai", name, level?, username?,
// rating?, provisional? }; null or undefined is a free seat. A `style` is boardStyle(board)
// ("go", "cells" or "drop", client/js/common/board_svg.js); a `seat` is 1 or 2.
//
// API (stable; pages import only these):
//   playerName(player)            -> "alice" | "Lan" | "Anonymous" | "Computer · level 4, Intermediate"
//   ratingLabel(player)           -> "1500?" | "1620" | null (only an account's seat with a rating)
//   playerText(player)            -> the name and rating as one string: "alice (1500?)"
//   playerTag(player, options)    -> <span class="player-tag"> [stone] name [rating] </span>, the
//                                    name a link to the profile for an account; options:
//                                    { seat, style } draw the stone (omit for none),
//                                    link (default true), rating (default true),
//                                    id (the element's id)
//   stoneIcon(style, seat)        -> <span class="stone-icon stone-icon-<style> st<seat>"> with the colour's
//                                    name as its accessible label
//   colourName(style, seat)       -> "Black" | "White" | "X" | "O" | "Red" | "Yellow" (for
//                                    sentences about a colour, e.g. "Join as Black")
//   onNamesChange(fn)             -> calls fn once the level names have come (and after a
//                                    language change); returns a function that stops it

import { aiLevels } from "./api.js";
import { lang, onLangChange, t } from "./i18n.js";
import { el } from "./ui.js";

const COLOURS = {
  go: ["color.black", "color.white"],
  cells: ["color.x", "color.o"],
  drop: ["color.red", "color.yellow"],
};

let levelNames = null; // level number -> { en, vi }, once GET /api/levels has answered
const listeners = new Set();

aiLevels().then((ladder) => {
  levelNames = new Map(ladder.levels.map((entry) => [entry.level, entry.name]));
  for (const fn of listeners) fn();
}, () => {});
onLangChange(() => {
  for (const fn of listeners) fn();
});

/** Calls `fn` when names may read differently (level names came, language changed). */
export function onNamesChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

export function colourName(style, seat) {
  return t((COLOURS[style] || COLOURS.go)[seat - 1]);
}

function computerName(level) {
  if (level === undefined || level === null) return t("player.computer");
  const names = levelNames && levelNames.get(level);
  const levelName = names && (names[lang()] || names.en);
  return levelName
    ? t("player.computer.level.named", { n: level, name: levelName })
    : t("player.computer.level", { n: level });
}

/** The player's name by the rule above (no rating, no colour). */
export function playerName(player) {
  if (!player) return t("player.empty");
  if (player.kind === "ai") return computerName(player.level);
  if (player.username) return player.username;
  return (player.name && player.name.trim()) || t("player.anonymous");
}

/** "1500?" (provisional) or "1620": an account's rating when the game began; else null. */
export function ratingLabel(player) {
  if (!player || !player.username || typeof player.rating !== "number") return null;
  return `${player.rating}${player.provisional ? "?" : ""}`;
}

/** Name and rating as one string, for a title or an attribute: "alice (1500?)". */
export function playerText(player) {
  const rating = ratingLabel(player);
  return rating ? `${playerName(player)} (${rating})` : playerName(player);
}

/** The colour of `seat` as a small stone, with the colour's name for screen readers. */
export function stoneIcon(style, seat) {
  const shown = COLOURS[style] ? style : "go";
  return el("span", {
    class: `stone-icon stone-icon-${shown} st${seat}`, role: "img", "aria-label": colourName(shown, seat),
    title: colourName(shown, seat),
  }); // X and O are drawn by the style sheet: the element's text stays the player's name's
}

/** The player as an element: stone, name (a profile link for an account), rating. */
export function playerTag(player, { seat = null, style = null, link = true, rating = true, id = null } = {}) {
  const name = playerName(player);
  const nameNode = link && player && player.username
    ? el("a", { class: "player-name", href: `/@/${encodeURIComponent(player.username)}`, "data-link": true }, name)
    : el("span", { class: "player-name" }, name);
  const shownRating = rating ? ratingLabel(player) : null;
  return el("span", { class: "player-tag", id, "data-player": player && player.username ? player.username : null },
    seat && style ? stoneIcon(style, seat) : null,
    nameNode,
    shownRating ? " " : null, // read as "alice 1500?" (the gap is the layout's)
    shownRating ? el("span", { class: "player-rating" }, shownRating) : null);
}
