// What the room says before and around a game: its game ("Caro (Vietnamese rule) · 15×15 · 5+3
// · Rated", a link to its rule), the invitation a visitor of a room with a free seat reads
// ("alice 1500? invites you to play"), and the card of a player waiting for anyone (quick
// play: which game it looks for, how many are online, the way out). Each renders into its
// element from the room model and reports clicks through a callback.

import { limitInput } from "../common/api.js";
import { t } from "../common/i18n.js";
import { colourName, playerTag, stoneIcon } from "../common/players.js";
import { allows } from "./state.js";
import { dottedParts, el, tEl, tNodes } from "../common/ui.js";
import { gameWithSize, variantTitle } from "../common/variant_title.js";
import { clockText, summaryClock } from "../common/time_control.js";

/** Is this the seated player of a public room waiting for anyone to come (it may unlist it)? */
export function isSearching({ state, mySeat }) {
  return allows(state, mySeat, "unlist");
}

/** "Caro (Vietnamese rule) · 15×15 · No clock": the room's game. */
function gameText(state) {
  return `${gameWithSize(state.variant, state.board)} · ${clockText(summaryClock(state.clock))}`;
}

/** The game's name, its size kept beside it: "Gomoku · 15×15" is never cut before the size. */
function sizedTitle({ variant, board }) {
  const title = variantTitle(variant, board);
  return [title, el("span", { class: "nowrap" }, gameWithSize(variant, board).slice(title.length))];
}

/** The room's game in `line`, its name a link that opens the rule (the `rules` details). */
export function renderGameLine(line, { state }, rules) {
  const key = `${document.documentElement.lang}|${state.variant}|${state.rated}|${state.clock && state.clock.initial_ms}`;
  if (line.dataset.key === key) return;
  line.dataset.key = key;
  const rule = el("a", { href: "#room-rules", id: "room-game-rule", onclick: (e) => {
    e.preventDefault();
    rules.open = true;
    rules.scrollIntoView({ behavior: "smooth", block: "center" });
  } }, sizedTitle(state));
  // Each part on one line ("No clock" is not cut in two, nor "Gomoku · 15×15").
  line.replaceChildren(rule, ...dottedParts(
    [clockText(summaryClock(state.clock)), t(state.rated ? "room.rated" : "room.casual")]));
}

/**
 * Someone who opened the link of a room with a free seat: "alice (1500?) invites you to
 * play", their name (prefilled with the last one used; none for an account, whose username
 * names it) and a choice, take the seat or watch (`m.joinOffer`: the free seat or null;
 * `join(name)`, or `join(null)`: just watch).
 */
export function renderJoinPrompt(prompt, m, join) {
  const seat = m.joinOffer;
  prompt.hidden = !seat;
  if (!seat) return;
  const host = m.state.seats[String(3 - seat)];
  const key = `${document.documentElement.lang}|${seat}|${m.style}|${m.loggedIn}|${JSON.stringify(host)}`;
  if (prompt.dataset.key === key) return;
  prompt.dataset.key = key;
  const nameInput = m.loggedIn ? null : limitInput(el("input", {
    id: "join-name", autocomplete: "nickname", value: m.defaultName,
    placeholder: t("name.label"), "aria-label": t("name.label"),
  }), "name");
  const form = el("form", { class: "join-form" },
    nameInput ? el("label", { class: "join-name" }, el("span", {}, t("name.label")), nameInput) : null,
    el("div", { class: "offer-buttons" },
      el("button", { class: "btn primary", type: "submit", id: "join-seat" },
        stoneIcon(m.style, seat), t("room.join.as", { colour: colourName(m.style, seat) })),
      el("button", { class: "btn", type: "button", id: "join-watch", onclick: () => join(null) }, t("room.join.watch"))));
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    join(nameInput ? nameInput.value : "");
  });
  prompt.replaceChildren(
    el("h2", { id: "join-title" }, ...tNodes("room.join.title", { name: playerTag(host, { seat: 3 - seat, style: m.style }) })), form);
}

/**
 * While a public room waits for anyone (quick play, or listed in the lobby): which game it
 * looks for, how many people are online, Cancel, and after a while (`m.search.patient`
 * false) the computer or the lobby (`search(choice)`: "cancel", "ai" or "lobby").
 */
export function renderSearch(card, m, search) {
  card.hidden = !isSearching(m);
  if (card.hidden) return;
  const parts = searchParts(card, search);
  const { online, patient } = m.search;
  parts.text.textContent = t("room.search.hint", { game: gameText(m.state) });
  parts.online.textContent = online === null ? "" : t("room.search.online", { n: online });
  parts.offer.hidden = patient;
}

const searchCards = new WeakMap(); // card -> its parts

/**
 * The search card's elements, made on its first render and kept: the count of people online
 * and the offer after a while change under a player who may be pressing Cancel, and a button
 * swapped for a new one between the press and the release is clicked by nobody.
 */
function searchParts(card, search) {
  const known = searchCards.get(card);
  if (known) return known;
  // Fixed words carry their key (data-i18n): a language change re-words them in place.
  const button = (id, textKey, type, primary = false) => tEl("button", textKey,
    { class: `btn small${primary ? " primary" : ""}`, type: "button", id, onclick: () => search(type) });
  const text = el("span", { class: "search-text", id: "search-game" });
  const online = el("p", { class: "muted", id: "online-count" });
  const offer = el("div", { class: "search-offer", id: "search-offer" }, tEl("span", "room.search.nobody"),
    el("span", { class: "offer-buttons" },
      button("search-ai", "room.search.ai", "ai", true),
      button("search-lobby", "room.search.lobby", "lobby")));
  card.append(
    el("div", { class: "search-head" },
      el("span", { class: "spinner", "aria-hidden": "true" }), text,
      button("search-cancel", "room.search.cancel", "cancel")),
    online, offer);
  const parts = { text, online, offer };
  searchCards.set(card, parts);
  return parts;
}
