// The tournaments list (the home page's card, and /tournaments with the create form): the
// upcoming and running ones with their countdowns, and the last finished.

import { whoAmI } from "../common/account_api.js";
import { ApiError, variantList } from "../common/api.js";
import { errorText, t } from "../common/i18n.js";
import { navigate } from "../common/router.js";
import { el, replaceChanged, tEl, toast } from "../common/ui.js";
import { createTournament, tournamentList } from "./api.js";
import { statusText, termsText } from "./describe.js";

const GAMES = ["caro", "gomoku", "renju", "caro9", "tictactoe", "connect4"];
const CLOCKS = ["1+0", "3+0", "3+2", "5+3", "10+5"];

function row(tour, offset) {
  return el("li", { class: "tour-row", "data-tournament": tour.id },
    el("a", { href: tour.url, "data-link": true, class: "tour-row-name" }, tour.name),
    el("span", { class: "muted tour-row-terms" }, termsText(tour)),
    el("span", { class: "tour-row-status" }, statusText(tour, offset),
      " · ", t("tour.players_n", { n: tour.players })));
}

/** { section, refresh, stop }: the list as a card; `full` adds the recent ones. */
export function tournamentsCard(full = false) {
  const body = el("div", { class: "tour-lists" }, tEl("p", "replay.loading", { class: "muted" }));
  const section = el("section", { class: "card tournaments", id: "tournaments" },
    el("h2", {}, el("a", { href: "/tournaments", "data-link": true, "data-i18n": "tour.title" }, t("tour.title"))), body);
  let stopped = false;
  const refresh = () => tournamentList().then((lists) => {
    if (stopped) return;
    const offset = 0; // the list's countdowns are minutes away: this page's clock will do
    const live = [...lists.running, ...lists.upcoming];
    const parts = [live.length ? el("ul", { class: "tour-list", id: "tour-live" }, live.map((tour) => row(tour, offset)))
      : tEl("p", "tour.none", { class: "muted", id: "tour-none" })];
    if (full && lists.recent.length) {
      parts.push(tEl("h3", "tour.recent"), el("ul", { class: "tour-list", id: "tour-recent" }, lists.recent.map((tour) => row(tour, offset))));
    }
    replaceChanged(body, ...parts);
  }, () => {});
  refresh();
  return { section, refresh, stop: () => { stopped = true; } };
}

function field(key, input) {
  return el("label", { class: "tour-field" }, el("span", { "data-i18n": key }, t(key)), input);
}

function select(name, options) {
  return el("select", { name, id: `tour-${name}` }, options.map(([value, key]) => el("option", { value }, t(key))));
}

/** The create form: what POST /api/tournaments takes. */
function createForm() {
  const format = select("format", [["arena", "tour.format.arena"], ["swiss", "tour.format.swiss"], ["round_robin", "tour.format.round_robin"]]);
  const game = select("variant", GAMES.map((g) => [g, `game.${g}`]));
  // The opening rules the game has (GET /api/variants, as the room form offers them).
  const opening = el("select", { name: "opening", id: "tour-opening" });
  const openingField = field("home.opening", opening);
  const openingsOf = new Map();
  const syncOpenings = () => {
    const openings = openingsOf.get(game.value) || ["none"];
    const chosen = openings.includes(opening.value) ? opening.value : "none";
    opening.replaceChildren(...openings.map((o) => el("option", { value: o, selected: o === chosen },
      o === "none" ? t("home.opening.none") : `${t(`home.opening.${o}`)} (${t(`home.opening.${o}.hint`)})`)));
    openingField.hidden = openings.length < 2;
  };
  const clock = el("select", { name: "clock", id: "tour-clock" }, CLOCKS.map((c) => el("option", { value: c }, c)));
  const name = el("input", { name: "name", id: "tour-name-input", required: true, minlength: 2, maxlength: 60 });
  const minutes = el("input", { name: "minutes", id: "tour-minutes", type: "number", min: 1, max: 1440, value: 30 });
  const rounds = el("input", { name: "rounds", id: "tour-rounds", type: "number", min: 1, max: 30, value: 5 });
  const cycles = select("cycles", [["1", "tour.cycles.one"], ["2", "tour.cycles.two"]]);
  const startIn = el("input", { name: "start_in", id: "tour-start-in", type: "number", min: 1, max: 43200, value: 5 });
  const rated = el("input", { name: "rated", id: "tour-rated", type: "checkbox" });
  const berserk = el("input", { name: "berserk", id: "tour-berserk", type: "checkbox", checked: true });
  const berserkField = el("label", { class: "tour-check" }, berserk, el("span", { "data-i18n": "tour.form.berserk" }, t("tour.form.berserk")));
  const password = el("input", { name: "password", id: "tour-password-input", maxlength: 64 });
  const lengths = { arena: field("tour.form.minutes", minutes), swiss: field("tour.form.rounds", rounds), round_robin: field("tour.form.cycles", cycles) };
  const submit = tEl("button", "tour.create", { type: "submit", class: "btn primary", id: "tour-create" });
  const form = el("form", { class: "card tour-create", id: "tour-create-form" }, tEl("h2", "tour.new"),
    field("tour.form.name", name), field("tour.form.format", format), field("tour.form.game", game),
    openingField, field("tour.form.clock", clock), ...Object.values(lengths), field("tour.form.start_in", startIn),
    el("label", { class: "tour-check" }, rated, el("span", { "data-i18n": "tour.rated" }, t("tour.rated"))), berserkField,
    field("tour.form.password", password), submit);
  const sync = () => {
    for (const [key, label] of Object.entries(lengths)) label.hidden = key !== format.value;
    berserkField.hidden = format.value !== "arena"; // lichess's "allow berserk": arenas only
  };
  format.addEventListener("change", sync);
  sync();
  game.addEventListener("change", syncOpenings);
  syncOpenings();
  variantList().then((answer) => {
    for (const v of answer.variants) openingsOf.set(v.name, v.openings || ["none"]);
    syncOpenings();
  }).catch(() => {});
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const [initial, increment] = clock.value.split("+").map(Number);
    const body = {
      format: format.value, name: name.value, variant: game.value, opening: opening.value,
      rated: rated.checked,
      clock: { initial_s: initial * 60, increment_s: increment },
      starts_at: new Date(Date.now() + Number(startIn.value) * 60000).toISOString(),
    };
    if (format.value === "arena") Object.assign(body, { minutes: Number(minutes.value), berserk: berserk.checked });
    if (format.value === "swiss") body.rounds = Number(rounds.value);
    if (format.value === "round_robin") body.cycles = Number(cycles.value);
    if (password.value) body.password = password.value;
    submit.disabled = true;
    try {
      navigate((await createTournament(body)).url);
    } catch (err) {
      toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
      submit.disabled = false;
    }
  });
  return form;
}

/** /tournaments: the lists, and the create form for an account. */
export function mountTournaments(main) {
  document.title = `${t("tour.title")} · Caro Arena`;
  const lists = tournamentsCard(true);
  const side = el("div", { class: "tour-create-slot" });
  main.appendChild(el("div", { class: "tour-index" }, el("h1", { "data-i18n": "tour.title" }, t("tour.title")), lists.section, side));
  whoAmI().then((who) => side.replaceChildren(who.username ? createForm() : tEl("p", "tour.login_create", { class: "muted card" })));
  const timer = setInterval(lists.refresh, 5000);
  return () => {
    clearInterval(timer);
    lists.stop();
  };
}
