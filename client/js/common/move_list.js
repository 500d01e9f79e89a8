// A game's moves as numbered pairs ("1. h8 h9"), the current one highlighted and kept in
// sight by scrolling the list itself (never the page), each a button that goes there. Shared
// by the review, replay and analysis board pages, with the buttons that step through it.

import { t } from "./i18n.js";
import { el } from "./ui.js";

/**
 * Fills `list` (a .move-list element) with `moves`, marking ply `ply` (1-based; 0: none) as
 * current; `onPick(ply)` on a click. `mark(ply)` may add { cls, suffix, title } to a move (the
 * review's judgements).
 */
export function renderMoveList(list, moves, ply, onPick, mark = () => null) {
  const items = [];
  moves.forEach((move, i) => {
    if (i % 2 === 0) items.push(el("span", { class: "mno" }, `${i / 2 + 1}.`));
    const extra = mark(i + 1) || {};
    items.push(el("button", {
      class: `mv${extra.cls ? ` ${extra.cls}` : ""}`, type: "button", "data-ply": i + 1,
      "aria-current": i + 1 === ply ? "true" : "false", title: extra.title || null,
      onclick: () => onPick(i + 1),
    }, move + (extra.suffix || "")));
  });
  list.replaceChildren(...(items.length ? items : [el("div", { class: "empty" }, t("room.moves.none"))]));
  keepInSight(list, list.querySelector('[aria-current="true"]'));
}

/** Scrolls `list` (not the page) so that `item` is inside it; the start when there is none. */
function keepInSight(list, item) {
  if (!item) {
    list.scrollTop = 0;
    return;
  }
  const top = item.offsetTop;
  const bottom = top + item.offsetHeight;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
}

const STEP_SIGNS = [["first", "«"], ["prev", "‹"], ["next", "›"], ["last", "»"]];

/** The « ‹ › » buttons under a move list (ids `${prefix}-first` ...), each named in the page's
 * language; `onStep(kind)` with "first", "prev", "next" or "last". */
export function stepButtons(prefix, onStep) {
  return el("div", { class: "review-nav" }, STEP_SIGNS.map(([kind, sign]) => el("button", {
    class: "btn small", type: "button", id: `${prefix}-${kind}`, "aria-label": t(`replay.${kind}`),
    title: t(`replay.${kind}`), onclick: () => onStep(kind),
  }, sign)));
}
