// The puzzle page's side pieces: the choice of game, theme and mode (rated puzzles or a
// streak), the player's puzzle rating with its last change, and the history of attempts.

import { formatDate, t } from "../common/i18n.js";
import { variantTitle } from "../common/variant_title.js";
import { el, tEl } from "../common/ui.js";
import { history } from "./api.js";
import { changeText, ratingText, THEMES, themeName, VARIANTS } from "./words.js";

const PREFS_KEY = "caro-arena:puzzles";
const HISTORY_PAGE = 10;

/** The remembered choice: { variant, theme } ("" for any). */
export function loadChoice() {
  try {
    const saved = JSON.parse(localStorage.getItem(PREFS_KEY) || "{}");
    return { variant: VARIANTS.includes(saved.variant) ? saved.variant : "", theme: THEMES.includes(saved.theme) ? saved.theme : "" };
  } catch {
    return { variant: "", theme: "" };
  }
}

function select(id, labelKey, anyKey, values, name, chosen) {
  const box = el("select", { id },
    el("option", { value: "", "data-i18n": anyKey }, t(anyKey)),
    values.map((value) => el("option", { value }, name(value))));
  box.value = chosen;
  return [el("label", { class: "puzzle-choice" }, tEl("span", labelKey), box), box];
}

/**
 * The options card. `onChange({ variant, theme })` after a new choice; `onMode(mode)` when
 * the player picks "rated" or "streak". Returns { node, setMode(mode), setStreak(n, best),
 * relabel() }.
 */
export function optionsView(choice, onChange, onMode) {
  const [variantField, variantBox] = select("puzzle-variant", "puzzle.choose.game", "puzzle.any.game", VARIANTS, variantTitle, choice.variant);
  const [themeField, themeBox] = select("puzzle-theme", "puzzle.choose.theme", "puzzle.any.theme", THEMES, themeName, choice.theme);
  const changed = () => {
    const next = { variant: variantBox.value, theme: themeBox.value };
    localStorage.setItem(PREFS_KEY, JSON.stringify(next));
    onChange(next);
  };
  variantBox.addEventListener("change", changed);
  themeBox.addEventListener("change", changed);
  const modes = ["rated", "streak"].map((mode) => {
    const button = tEl("button", `puzzle.mode.${mode}`, { type: "button", class: "btn small", id: `puzzle-mode-${mode}`, "aria-pressed": "false" });
    button.addEventListener("click", () => onMode(mode));
    return button;
  });
  const streakLine = el("p", { class: "puzzle-streak", id: "puzzle-streak", hidden: true });
  const node = el("section", { class: "card puzzle-options", id: "puzzle-options" },
    el("div", { class: "puzzle-modes", role: "group" }, modes), streakLine, variantField, themeField);
  return {
    node,
    setMode(mode) {
      modes.forEach((button) => button.setAttribute("aria-pressed", String(button.id === `puzzle-mode-${mode}`)));
      streakLine.hidden = mode !== "streak";
    },
    setStreak(count, best) {
      streakLine.textContent = t("puzzle.streak.count", { n: count, best });
    },
    relabel() {
      variantBox.querySelectorAll("option[value]:not([value=''])").forEach((o) => { o.textContent = variantTitle(o.value); });
      themeBox.querySelectorAll("option[value]:not([value=''])").forEach((o) => { o.textContent = themeName(o.value); });
    },
  };
}

/** "Your puzzle rating: 1512 +12". */
export function ratingView() {
  const value = el("strong", { id: "puzzle-my-rating" });
  const change = el("span", { class: "rating-change", id: "puzzle-change" });
  const node = el("p", { class: "puzzle-you", id: "puzzle-you" }, tEl("span", "puzzle.your_rating"), " ", value, " ", change);
  return {
    node,
    show(player, delta = null) {
      value.textContent = ratingText(player);
      change.textContent = delta === null ? "" : changeText(delta);
      change.className = `rating-change${delta > 0 ? " up" : ""}${delta < 0 ? " down" : ""}`;
    },
  };
}

function historyItem(item) {
  const mark = item.status === "solved" ? "✓" : item.status === "failed" ? "✗" : "…";
  const change = item.rating_change === null ? "" : changeText(item.rating_change);
  return el("li", { class: `puzzle-attempt is-${item.status}` },
    el("span", { class: "attempt-mark", "aria-label": t(`puzzle.status.${item.status}`), title: t(`puzzle.status.${item.status}`) }, mark),
    el("a", { href: `/puzzles/${encodeURIComponent(item.puzzle_id)}`, "data-link": true, class: "attempt-name" },
      `${variantTitle(item.variant)} · ${item.themes.map(themeName).join(", ")}`),
    el("span", { class: "attempt-meta muted" }, t("puzzle.rated", { rating: item.puzzle_rating })),
    el("span", { class: `rating-change${item.rating_change > 0 ? " up" : ""}${item.rating_change < 0 ? " down" : ""}` }, change),
    el("time", { class: "attempt-date muted", datetime: new Date(item.started_at).toISOString() }, formatDate(item.started_at)));
}

/** The history card: the newest attempts, "More" for older ones; `refresh()` after an attempt
 * (it resolves to the player's puzzle rating, or null when the server did not answer). */
export function historyView() {
  const list = el("ul", { class: "puzzle-history-list", id: "puzzle-history-list" });
  const more = tEl("button", "puzzle.history.more", { type: "button", class: "btn small", id: "puzzle-history-more", hidden: true });
  const node = el("section", { class: "card puzzle-history", id: "puzzle-history" }, tEl("h2", "puzzle.history"), list, more);
  let next = null;
  const load = async (before) => {
    const page = await history(before, HISTORY_PAGE);
    const items = page.items.map(historyItem);
    if (before === null) list.replaceChildren(...(items.length ? items : [tEl("li", "puzzle.history.none", { class: "muted" })]));
    else list.append(...items);
    next = page.next;
    more.hidden = next === null;
    return page.player;
  };
  more.addEventListener("click", () => load(next).catch(() => {}));
  return { node, refresh: () => load(null).catch(() => null) };
}
