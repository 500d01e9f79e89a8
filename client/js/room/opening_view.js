// The opening phases of swap and swap2 rooms (docs/protocol.md §1a) on the room page: what to
// do now in words, the choice buttons and the rule in one sentence. It renders from the room
// state and reports clicks through `choose(choice)`; it never talks to the server.

import { t } from "../common/i18n.js";
import { el } from "../common/ui.js";

const FIRST_STONES = 3; // the opener's stones (black, white, black)
const MORE_STONES = 2; // swap2: the two more (white, black)

/** Is the game being played in an opening phase (stones to place or a choice to make)? */
export function inOpening(state) {
  return state.status === "playing" && Boolean(state.phase) && state.phase !== "play";
}

/** The stone being placed: its number among the stones of this step, and its colour. */
function stoneStep(state) {
  const plies = state.moves.length;
  const colour = plies % 2 ? "white" : "black";
  if (plies < FIRST_STONES) return { n: plies + 1, total: FIRST_STONES, colour };
  return { n: plies - FIRST_STONES + 1, total: MORE_STONES, colour };
}

/**
 * The status line in an opening phase: [text, tone] for the player who acts (tone "you") or
 * for everyone else, who waits for `actorName`.
 */
export function openingStatus(state, mySeat, actorName) {
  const mine = state.turn === mySeat;
  if (state.phase === "place") {
    const step = stoneStep(state);
    if (mine) return [t(`opening.place.${step.colour}`, step), "you"];
    return [t("opening.place.them", { ...step, name: actorName }), "them"];
  }
  if (!mine) return [t("opening.choose.them", { name: actorName }), "them"];
  return [t(state.choices.includes("place_two") ? "opening.choose.swap2" : "opening.choose"), "you"];
}

/** A line for the chat log about a choice just made: [key, params]. */
export function choiceNotice(event, nameOfSeat) {
  if (event.choice === "place_two") return ["opening.chose.place_two", { name: nameOfSeat(event.seat) }];
  return [`opening.chose.${event.choice}`, { name: nameOfSeat(event.choice === "black" ? 1 : 2) }];
}

/**
 * Fills `card` (the opening card above the board) from `m` = { state, mySeat, ready,
 * actorName }: hidden in rooms without an opening and once the colours are chosen; else the
 * rule, what happens now, and for the chooser a button per choice.
 */
export function renderOpeningCard(card, m, choose) {
  const { state, mySeat } = m;
  const shown = state.opening && state.opening !== "none"
    && (state.status === "waiting" || inOpening(state));
  card.hidden = !shown;
  if (!shown) return;
  const items = [el("p", { class: "muted opening-rule" }, t(`opening.rule.${state.opening}`))];
  if (inOpening(state)) {
    items.unshift(el("p", { class: "opening-banner", id: "opening-banner" },
      openingStatus(state, mySeat, m.actorName)[0]));
  }
  if (state.phase === "choose" && state.turn === mySeat && inOpening(state)) {
    // A button for each of the server's `choices`.
    items.push(el("div", { class: "offer-buttons opening-choices" },
      state.choices.map((choice) => el("button", {
        class: `btn${choice === "place_two" ? "" : " primary"}`, type: "button",
        id: `choose-${choice.replace("_", "-")}`, disabled: !m.ready, onclick: () => choose(choice),
      }, t(`opening.${choice}`)))));
  }
  card.replaceChildren(...items);
}
