// The home page: choose a game, an opponent, who moves first and a clock (or days per move),
// then create the room; the rated pools; the lobby of open seeks; the puzzle of the day; a
// short "how to play" for each game.

import {
  aiLevels, ApiError, createRoom, loadName, quickPlay, saveToken, variantList,
} from "../common/api.js";
import { errorText, lang, onLangChange, t } from "../common/i18n.js";
import { gameIcon } from "../common/icons.js";
import { homeLinks } from "../common/links.js";
import { navigate } from "../common/router.js";
import { boardOf } from "../common/variants.js";
import { rulePicture, ruleText } from "../common/rules.js";
import { el, tEl, toast } from "../common/ui.js";
import { whoAmI } from "../common/account_api.js";
import { clockText } from "../common/time_control.js";
import { poolIdOf } from "../pool/api.js";
import { lobbyCard } from "./lobby.js";
import { poolsCard } from "./pools.js";
import { yourGamesCard } from "./your_games.js";
import { dailyCard } from "../puzzles/daily_card.js";
import { tournamentsCard } from "../tournaments/list.js";

const GAMES = ["tictactoe", "caro9", "gomoku", "caro", "renju", "connect4"];
const CLOCK_PRESETS = ["1+0", "3+2", "5+3", "10+5", "15+10"]; // minutes + seconds a move
const DAILY_PRESETS = [1, 2, 3, 5, 7]; // days a move (GET /api/limits has the same)
const RANGES = [100, 200, 300, 500]; // a seek's rating range: mine plus or minus this
const NEWCOMER = 1500; // an account's rating in a game it has not played (docs/protocol.md §2d)
const RULES = ["freestyle", "standard", "caro", "caro-exact"];
const LOBBY_REFRESH_MS = 4000;
const PREFS_KEY = "caro-arena:new-game";
// Variant name -> the opening rules its rooms may have (GET /api/variants); filled at start.
const openingsOf = new Map();

function radioTile(name, value, titleKey, subKey, checked, icon = null) {
  return el("label", { class: `tile${icon ? " has-icon" : ""}` },
    el("input", { type: "radio", name, value, checked }),
    el("span", { class: "tile-body" },
      icon,
      el("span", { class: "tile-text" },
        tEl("span", titleKey, { class: "tile-title" }),
        subKey ? tEl("span", subKey, { class: "tile-sub" }) : null)));
}

/** A tile whose title is not translated (a clock preset such as "3+2"). */
function plainTile(name, value, title, checked) {
  return el("label", { class: "tile" },
    el("input", { type: "radio", name, value, checked }),
    el("span", { class: "tile-body" }, el("span", { class: "tile-title" }, title)));
}

function fieldset(legendKey, ...children) {
  return el("fieldset", { class: "field" }, tEl("legend", legendKey), ...children);
}

/** A number field of the custom board; its bounds come from the server (fillCustomBounds). */
function numberInput(name, value) {
  return el("input", { type: "number", name, value, inputmode: "numeric" });
}

/** The custom board's fields take the server's bounds (GET /api/variants, `custom`). */
function fillCustomBounds(form, custom) {
  for (const name of ["rows", "cols", "k"]) {
    const input = form.querySelector(`input[name=${name}]`);
    [input.min, input.max] = custom[name];
  }
}

function buildForm(prefs) {
  const games = el("div", { class: "tiles" },
    GAMES.map((g) => radioTile("game", g, `game.${g}`, `gamesub.${g}`, prefs.game === g, gameIcon(g))));
  const ruleSelect = el("select", { name: "rule" },
    RULES.map((r) => el("option", { value: r, "data-i18n": `rule.${r}` }, t(`rule.${r}`))));
  ruleSelect.value = "caro";
  const more = el("details", { class: "more", open: prefs.game === "custom" },
    tEl("summary", "home.more"),
    el("div", { class: "inline-fields" },
      el("label", { class: "tile" }, el("input", { type: "radio", name: "game", value: "custom", checked: prefs.game === "custom" }),
        el("span", { class: "tile-body" }, tEl("span", "game.custom.short", { class: "tile-title" }))),
      el("label", {}, tEl("span", "home.rows"), numberInput("rows", 19)),
      el("label", {}, tEl("span", "home.cols"), numberInput("cols", 19)),
      el("label", {}, tEl("span", "home.k"), numberInput("k", 5)),
      el("label", {}, tEl("span", "home.rule"), ruleSelect)),
    el("label", { class: "check" }, el("input", { type: "checkbox", name: "gravity" }), tEl("span", "home.gravity")));
  // The options come from the server's ladder (GET /api/levels): see fillLevels.
  const levelSelect = el("select", { name: "level", "data-i18n-label": "home.level", "aria-label": t("home.level") });
  levelSelect.dataset.wanted = prefs.level ? String(prefs.level) : "";
  const opponents = el("div", { class: "segmented" },
    radioTile("opponent", "human", "home.opp.friend", "home.opp.friend.hint", prefs.opponent === "human"),
    radioTile("opponent", "ai", "home.opp.ai", null, prefs.opponent === "ai"),
    radioTile("opponent", "quick", "home.opp.quick", "home.opp.quick.hint", prefs.opponent === "quick"));
  const levelRow = el("div", { class: "level-row" },
    el("label", { class: "inline-fields" }, tEl("span", "home.level"), levelSelect),
    el("p", { class: "muted level-about", id: "level-about" }),
    el("p", { class: "muted level-about", id: "level-strength" }));
  const sides = el("div", { class: "segmented" },
    radioTile("side", "first", "home.first.me", null, prefs.side === "first"),
    radioTile("side", "second", "home.first.them", null, prefs.side === "second"),
    radioTile("side", "random", "home.first.random", null, prefs.side === "random"));
  const clocks = el("div", { class: "segmented" },
    radioTile("clock", "none", "home.clock.none", null, prefs.clock === "none"),
    CLOCK_PRESETS.map((preset) => plainTile("clock", preset, preset, prefs.clock === preset)));
  // Daily (correspondence) games, days per move: between people only.
  const daily = el("div", { class: "segmented daily-clocks" },
    DAILY_PRESETS.map((days) => {
      const tile = plainTile("clock", `d${days}`, clockText({ days }), prefs.clock === `d${days}`);
      tile.querySelector(".tile-title").dataset.days = days;
      return tile;
    }));
  const rangeSelect = el("select", { name: "range", id: "range-select", "aria-label": t("home.range"), "data-i18n-label": "home.range" },
    el("option", { value: "", "data-i18n": "home.range.any" }, t("home.range.any")),
    RANGES.map((n) => el("option", { value: String(n) }, `± ${n}`)));
  const rangeRow = el("label", { class: "inline-fields range-row", hidden: true },
    tEl("span", "home.range"), rangeSelect);
  const openings = el("div", { class: "segmented" },
    radioTile("opening", "none", "home.opening.none", null, prefs.opening === "none"),
    radioTile("opening", "swap", "home.opening.swap", "home.opening.swap.hint", prefs.opening === "swap"),
    radioTile("opening", "swap2", "home.opening.swap2", "home.opening.swap2.hint", prefs.opening === "swap2"));
  const publicBox = el("label", { class: "check public-row" },
    el("input", { type: "checkbox", name: "public", checked: prefs.public }), tEl("span", "home.public"));
  const ratedBox = el("label", { class: "check rated-row", hidden: true },
    el("input", { type: "checkbox", name: "rated", id: "rated-box" }), tEl("span", "home.rated"));
  const submit = tEl("button", "home.create", { type: "submit", class: "btn primary big", id: "create-btn" });
  const form = el("form", { class: "card new-game", id: "new-game" },
    tEl("h2", "home.new"),
    fieldset("home.game", games, more),
    fieldset("home.opponent", opponents, levelRow),
    el("fieldset", { class: "field side-field" }, tEl("legend", "home.first"), sides),
    fieldset("home.clock", clocks, daily),
    el("fieldset", { class: "field opening-field", hidden: true }, tEl("legend", "home.opening"), openings),
    publicBox,
    rangeRow,
    ratedBox,
    submit);
  return form;
}

/** "4 · Club" in the page's language. No rating: the ladder's Elo (greedy = 0) is not on the
 * players' scale (1500 for a newcomer), so a number beside the name would mislead; the level's
 * strength is said in words under the picker (showLevelAbout). */
function levelLabel(entry) {
  return `${entry.level} · ${entry.name[lang()] || entry.name.en}`;
}

/** Fills the level picker from the server's ladder, keeping the chosen (or saved) level. */
function fillLevels(form, ladder) {
  const select = form.querySelector("select[name=level]");
  const wanted = select.value || select.dataset.wanted;
  select.replaceChildren(...ladder.levels.map((entry) => el("option", { value: entry.level }, levelLabel(entry))));
  const known = ladder.levels.some((entry) => String(entry.level) === wanted);
  select.value = known ? wanted : String(ladder.default);
  showLevelAbout(form, ladder);
}

/** The chosen level's description and, measured, how often it beats the level below. */
function showLevelAbout(form, ladder) {
  const chosen = ladder.levels.find((entry) => String(entry.level) === form.querySelector("select[name=level]").value);
  form.querySelector("#level-about").textContent = chosen ? chosen.about[lang()] || chosen.about.en : "";
  const edge = chosen && chosen.against_below;
  const below = edge && ladder.levels.find((entry) => entry.level === edge.level);
  const strength = form.querySelector("#level-strength");
  strength.textContent = below ? t("home.level.beats", {
    wins: Math.round(edge.score * 10), level: below.level, name: below.name[lang()] || below.name.en,
  }) : "";
  strength.hidden = !below;
}

function readForm(form) {
  const data = new FormData(form);
  const game = data.get("game");
  // A named game goes by its name, a custom board by its fields: the server makes the spec.
  const variant = game !== "custom" ? { variant: game } : {
    board: {
      rows: Number(data.get("rows")), cols: Number(data.get("cols")), k: Number(data.get("k")),
      rule: data.get("rule"), gravity: Boolean(data.get("gravity")),
    },
  };
  const clockValue = data.get("clock");
  // An opening rule where the game has them and the opponent is chosen (quick play has none).
  const opening = openingAllowed(game, data.get("opponent")) ? data.get("opening") || "none" : "none";
  const fischer = clockValue.includes("+") ? clockValue.split("+").map(Number) : null;
  const clock = clockValue.startsWith("d") ? { days: Number(clockValue.slice(1)) }
    : fischer ? { initial_s: fischer[0] * 60, increment_s: fischer[1] } : null;
  return {
    game, variant, opponent: data.get("opponent"), level: Number(data.get("level")),
    side: data.get("side"), clockValue, public: Boolean(data.get("public")),
    rated: Boolean(data.get("rated")), opening, clock, range: Number(data.get("range")) || null,
  };
}

function openingAllowed(game, opponent) {
  return opponent !== "quick" && (openingsOf.get(game) || []).length > 1;
}

function syncFormVisibility(form) {
  const choice = readForm(form);
  form.querySelector(".opening-field").hidden = !openingAllowed(choice.game, choice.opponent);
  form.querySelector(".level-row").hidden = choice.opponent !== "ai";
  form.querySelector(".side-field").hidden = choice.opponent === "quick";
  form.querySelector(".public-row").hidden = choice.opponent !== "human";
  // Daily games are between people: against the computer the clock falls back to none.
  form.querySelector(".daily-clocks").hidden = choice.opponent === "ai";
  if (choice.opponent === "ai" && choice.clock && choice.clock.days) {
    form.querySelector("input[name=clock][value=none]").checked = true;
  }
  // Rated is offered where the server says this player may play rated (GET /api/me), and a
  // rating range to an account's public room (a seek in the lobby).
  whoAmI().then((who) => {
    form.querySelector(".rated-row").hidden = !who.rated_modes.includes(choice.opponent === "ai" ? "ai" : "human");
    form.querySelector(".range-row").hidden = !(who.username && choice.opponent === "human" && choice.public);
  });
}

function loadPrefs() {
  const defaults = { game: "caro", opponent: "human", level: null, side: "random", clock: "none", public: false, opening: "none" };
  try {
    return { ...defaults, ...JSON.parse(localStorage.getItem(PREFS_KEY) || "{}") };
  } catch {
    return defaults;
  }
}

/** Creates an AI-against-AI room of the chosen game and level, to watch. */
async function watchDemo(form, button) {
  const choice = readForm(form);
  button.disabled = true;
  try {
    const answer = await createRoom({ ...choice.variant, opponent: "ai_vs_ai", ai_level: choice.level, opening: choice.opening, name: loadName() || undefined });
    navigate(`/r/${answer.room_id}`);
  } catch (err) {
    toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
    button.disabled = false;
  }
}

/** Remembers the form's choices for the next visit. */
function savePrefs(choice) {
  localStorage.setItem(PREFS_KEY, JSON.stringify({
    game: choice.game, opponent: choice.opponent, level: choice.level, side: choice.side,
    clock: choice.clockValue, public: choice.public, opening: choice.opening,
  }));
}

/** The seek's rating range: my rating in the game, plus or minus the chosen width. */
async function ratingRange(choice) {
  if (!choice.range || choice.opponent !== "human" || !choice.public) return null;
  const who = await whoAmI();
  if (!who.username) return null;
  const mine = (who.ratings[choice.game] || { rating: NEWCOMER }).rating;
  return { min: Math.max(0, mine - choice.range), max: mine + choice.range };
}

/**
 * Starts a game with the form's settings; `opponent` ("human", "ai" or "quick") overrides the
 * form's, so the one-click buttons above the form share its game, level, side and clock.
 * Rated quick play with a clock a rated pool has searches in that pool (`pools`).
 */
async function startGame(form, button, opponent = null, pools = null) {
  const choice = readForm(form);
  if (opponent) choice.opponent = opponent;
  else savePrefs(choice);
  const pool = choice.opponent === "quick" && choice.rated ? poolIdOf(choice.game, choice.clock) : null;
  if (pool && pools && pools.has(pool)) {
    pools.search(pool);
    document.getElementById("pools").scrollIntoView({ behavior: "smooth", block: "center" });
    return;
  }
  const name = loadName() || undefined;
  button.disabled = true;
  button.setAttribute("aria-busy", "true");
  try {
    const answer = choice.opponent === "quick"
      ? await quickPlay({ ...choice.variant, clock: choice.clock, name, rated: choice.rated })
      : await createRoom({
        ...choice.variant, opponent: choice.opponent, ai_level: choice.level,
        your_side: choice.side, clock: choice.clock, public: choice.public, name,
        rated: choice.opponent === "human" && choice.rated, opening: choice.opening,
        rating_range: await ratingRange(choice),
      });
    saveToken(answer.room_id, answer.token);
    navigate(`/r/${answer.room_id}`);
  } catch (err) {
    toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
    button.disabled = false;
    button.removeAttribute("aria-busy");
  }
}

/** A big one-click start button: a title and a line saying what it does. */
function startButton(id, titleKey, subKey, primary, onclick) {
  return el("button", { class: `btn start${primary ? " primary" : ""}`, type: "button", id, onclick },
    tEl("span", titleKey, { class: "start-title" }), tEl("span", subKey, { class: "start-sub" }));
}

/**
 * One-click starts above the fold: the game (a select kept in step with the form's tiles)
 * with its rule in one sentence, and three buttons; everything else keeps the form's
 * defaults, one link away. Returns the section and a function that redraws the rule.
 */
function buildQuickStart(form, pools) {
  const gameSelect = el("select", { id: "qs-game", name: "qs-game", "aria-label": t("home.game"), "data-i18n-label": "home.game" },
    GAMES.map((g) => el("option", { value: g, "data-i18n": `game.${g}` }, t(`game.${g}`))));
  const rule = el("p", { class: "qs-rule", id: "qs-rule" });
  const howLink = el("a", { href: "#how-to", class: "qs-how", "data-i18n": "home.how", onclick: (e) => {
    e.preventDefault();
    const details = document.querySelector(`#how-to details[data-game="${gameSelect.value}"]`);
    details.open = true;
    details.scrollIntoView({ behavior: "smooth", block: "center" });
  } }, t("home.how"));
  const syncFromForm = () => {
    const { game, variant } = readForm(form);
    if (GAMES.includes(game)) gameSelect.value = game;
    const board = variant.board ? Promise.resolve(variant.board) : boardOf(game);
    board.then((shown) => rule.replaceChildren(shown ? ruleText(shown) : "", " ", howLink), () => {});
  };
  gameSelect.addEventListener("change", () => {
    const tile = form.querySelector(`input[name=game][value="${gameSelect.value}"]`);
    tile.checked = true;
    form.dispatchEvent(new Event("change"));
  });
  form.addEventListener("change", syncFromForm);
  form.addEventListener("input", syncFromForm);
  syncFromForm();
  const buttons = el("div", { class: "start-buttons" },
    startButton("play-ai", "home.start.ai", "home.start.ai.sub", true, (e) => startGame(form, e.currentTarget, "ai")),
    startButton("play-friend", "home.start.friend", "home.start.friend.sub", false, (e) => startGame(form, e.currentTarget, "human")),
    startButton("play-quick", "home.start.quick", "home.start.quick.sub", false, (e) => startGame(form, e.currentTarget, "quick", pools)));
  const more = el("a", { href: "#new-game", id: "more-options", class: "more-options", "data-i18n": "home.start.more",
    onclick: (e) => {
      e.preventDefault();
      form.scrollIntoView({ behavior: "smooth", block: "start" });
      form.querySelector("input:checked").focus({ preventScroll: true });
    } }, t("home.start.more"));
  const section = el("section", { class: "card quick-start", id: "quick-start" },
    el("label", { class: "qs-game" }, tEl("span", "home.game"), gameSelect),
    rule, buttons, more);
  return [section, syncFromForm];
}

/** "How to play": per game a few words and pictures of rows that win and rows that do not. */
function buildHowTo() {
  const pictures = GAMES.map((g) => el("div", { class: "how-picture", "data-game": g }));
  const draw = () => pictures.forEach((p) => boardOf(p.dataset.game).then((board) => {
    if (board) p.replaceChildren(rulePicture(board, false));
  }, () => {}));
  draw();
  const section = el("section", { class: "card how", id: "how-to" }, tEl("h2", "home.how"),
    GAMES.map((g, i) => el("details", { "data-game": g }, tEl("summary", `game.${g}`), tEl("p", `how.${g}`), pictures[i])));
  return [section, draw];
}

/** Renders the home page into `main`; returns a function that tears it down. */
export function mountHome(main) {
  const form = buildForm(loadPrefs());
  const demo = tEl("button", "home.demo", { class: "btn small", type: "button", id: "watch-demo" });
  demo.addEventListener("click", () => watchDemo(form, demo));
  const lobby = lobbyCard(demo);
  const chosenGame = () => {
    const { game } = readForm(form);
    return GAMES.includes(game) ? game : "caro";
  };
  const pools = poolsCard(chosenGame);
  const yourGames = yourGamesCard();
  const tournaments = tournamentsCard();
  const [howTo, drawHowTo] = buildHowTo();
  const daily = dailyCard();
  const [quickStart, drawRule] = buildQuickStart(form, pools);
  main.appendChild(el("div", { class: "home" },
    el("section", { class: "home-hero" }, el("h1", {}, "Caro Arena"), tEl("p", "app.tagline"),
      homeLinks()),
    quickStart,
    form,
    el("div", { class: "side-col" }, daily.node, yourGames.card, tournaments.section, pools.section,
      lobby.section, howTo)));
  let ladder = null;
  aiLevels().then((answer) => {
    ladder = answer;
    fillLevels(form, ladder);
  }).catch(() => toast(errorText("internal_error"), "error"));
  form.addEventListener("change", () => {
    syncFormVisibility(form);
    pools.render();
    if (ladder) showLevelAbout(form, ladder);
  });
  form.addEventListener("submit", (e) => {
    e.preventDefault();
    startGame(form, form.querySelector("#create-btn"), null, pools);
  });
  syncFormVisibility(form);
  variantList().then((answer) => {
    for (const v of answer.variants) openingsOf.set(v.name, v.openings || ["none"]);
    fillCustomBounds(form, answer.custom);
    syncFormVisibility(form);
  }).catch(() => {});

  const refresh = () => Promise.all([lobby.refresh(), pools.refresh(), tournaments.refresh()]);
  refresh();
  const timer = setInterval(refresh, LOBBY_REFRESH_MS);
  const stopLang = onLangChange(() => {
    for (const title of form.querySelectorAll(".daily-clocks [data-days]")) {
      title.textContent = clockText({ days: Number(title.dataset.days) });
    }
    lobby.render();
    pools.render();
    drawHowTo();
    drawRule();
    if (ladder) fillLevels(form, ladder);
  });
  return () => {
    clearInterval(timer);
    stopLang();
    daily.stop();
    lobby.stop();
    pools.stop();
    yourGames.stop();
    tournaments.stop();
  };
}
