// The challenge dialog: the game, its opening, the clock (or days per move, when the server
// has daily games), who moves first and rated or casual; sending it opens the challenge's
// page, where the challenger waits for the answer. Opened from a profile, the online list,
// the following list and a finished game (with that game's settings).

import { inputLimits, loadName, variantList } from "../common/api.js";
import { whoAmI } from "../common/account_api.js";
import { errorLine, onSubmit, openDialog } from "../common/dialog.js";
import { t } from "../common/i18n.js";
import { navigate } from "../common/router.js";
import { el, tEl } from "../common/ui.js";
import { variantTitle } from "../common/variant_title.js";
import { createChallenge } from "./api.js";
import { clockText } from "../common/time_control.js";

const CLOCKS = [null, [1, 0], [3, 2], [5, 3], [10, 5], [15, 10], [30, 0]]; // minutes, seconds
const MAIN_GAMES = ["caro", "gomoku", "renju", "caro9", "tictactoe", "connect4"];

function option(value, text, selected) {
  return el("option", { value, selected: selected || null }, text);
}

function labelled(key, control) {
  return el("label", { class: "dialog-field" }, tEl("span", key), control);
}

/** The clock choices as select options: value "none", "m+s" or "d<days>". */
function clockOptions(days, wanted) {
  const wantedValue = !wanted ? "none" : wanted.days ? `d${wanted.days}` : `${wanted.initial_s / 60}+${wanted.increment_s}`;
  const values = CLOCKS.map((c) => (c ? `${c[0]}+${c[1]}` : "none"));
  if (!values.includes(wantedValue) && !wantedValue.startsWith("d")) values.push(wantedValue);
  const options = values.map((value) => option(value, value === "none" ? clockText(null) : value, value === wantedValue));
  for (const n of days) options.push(option(`d${n}`, clockText({ days: n }), wantedValue === `d${n}`));
  return options;
}

function clockOf(value) {
  if (value === "none") return null;
  if (value.startsWith("d")) return { days: Number(value.slice(1)) };
  const [minutes, seconds] = value.split("+").map(Number);
  return { initial_s: minutes * 60, increment_s: seconds };
}

/**
 * Opens the dialog. `to`: the username challenged, or null for a challenge by link;
 * `game`: settings to start from ({ variant, clock, opening }: a finished game's).
 */
export async function openChallengeDialog(to = null, game = {}) {
  const [list, limits, who] = await Promise.all([variantList(), inputLimits(), whoAmI()]);
  const named = new Map(list.variants.map((v) => [v.name, v]));
  const variant = el("select", { name: "variant", id: "challenge-variant" },
    [...MAIN_GAMES, ...list.variants.map((v) => v.name).filter((n) => !MAIN_GAMES.includes(n))]
      .filter((name) => named.has(name))
      .map((name) => option(name, variantTitle(name), name === (game.variant || "caro"))));
  if (game.variant && !named.has(game.variant)) variant.appendChild(option(game.variant, variantTitle(game.variant), true));
  const opening = el("select", { name: "opening", id: "challenge-opening" });
  const openingField = labelled("home.opening", opening);
  const showOpenings = () => {
    const rules = (named.get(variant.value) || { openings: ["none"] }).openings;
    opening.replaceChildren(...rules.map((rule) => option(rule, t(`home.opening.${rule}`), rule === (game.opening || "none"))));
    openingField.hidden = rules.length < 2;
  };
  variant.addEventListener("change", showOpenings);
  showOpenings();
  const clock = el("select", { name: "clock", id: "challenge-clock" }, clockOptions(limits.challenge.days, game.clock === undefined ? { initial_s: 300, increment_s: 3 } : game.clock));
  const colour = el("select", { name: "colour", id: "challenge-colour" },
    ["random", "first", "second"].map((c) => option(c, t(`challenge.colour.${c}`), c === "random")));
  const canRate = who.rated_modes.includes("human");
  const rated = el("input", { type: "checkbox", name: "rated", id: "challenge-rated", disabled: !canRate || null });
  const error = errorLine();
  const send = tEl("button", "challenge.send", { type: "submit", class: "btn primary", id: "challenge-send" });
  const close = tEl("button", "challenge.close", { type: "button", class: "btn", id: "challenge-close" });
  const form = el("form", { method: "dialog", class: "modal-form" },
    el("h2", {}, to ? t("challenge.title.to", { name: to }) : t("challenge.title.link")),
    labelled("home.game", variant), openingField, labelled("home.clock", clock),
    labelled("challenge.colour", colour),
    el("label", { class: "dialog-check" }, rated, tEl("span", canRate ? "challenge.rated.ask" : "challenge.rated.login")),
    error, el("div", { class: "dialog-buttons" }, close, send));
  const dialog = openDialog("challenge-dialog", form, close);
  onSubmit(form, send, error, async () => {
    const made = await createChallenge({
      to, variant: variant.value, opening: opening.value, clock: clockOf(clock.value),
      colour: colour.value, rated: rated.checked, name: loadName() || null,
    });
    dialog.close();
    navigate(made.url);
  });
  return dialog;
}
