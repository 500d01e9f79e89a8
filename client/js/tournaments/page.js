// The tournament's page (/tournament/{id}): its terms, the countdown to its start (or its end,
// for an arena), Join (with the password of a private one) and Leave, the standings (a
// crosstable for a round robin) with each player's games, and the games being played, each a
// link to watch. Live: the tab's own socket (/ws/me) carries each change of the tournament,
// from any node, and the page reads it again at once; it also asks every POLL_MS in case a
// change was missed. A player whose pairing it sees is taken to their game (follow.js, which
// also follows the notification on every page).

import { whoAmI } from "../common/account_api.js";
import { ApiError } from "../common/api.js";
import { errorText, onLangChange, t } from "../common/i18n.js";
import { playerTag } from "../common/players.js";
import { el, replaceChanged, tEl, toast } from "../common/ui.js";
import { joinTournament, leaveTournament, tournamentOf } from "./api.js";
import { resultMark, scoreText, statusText, termsText } from "./describe.js";
import { goToPairing } from "./follow.js";
import { feed } from "../notifications/feed.js";

const POLL_MS = 30000; // a fallback: the socket says when the tournament changes
const TICK_MS = 1000;
const player = (row) => ({ kind: "human", username: row.username, rating: row.rating, provisional: row.provisional });

function tiebreakCells(row) {
  return Object.entries(row.tiebreaks).map(([name, value]) => el("td", {
    class: "tb", title: t(`tour.tb.${name}`),
  }, name === "performance" || name === "wins" ? String(value) : scoreText(value)));
}

/** One game of a player: its points (or result), ⚡ when they went berserk in it. */
function gameChip(game) {
  const mark = resultMark(game);
  const vs = !game.opponent ? t("tour.bye")
    : game.forfeit ? t(game.result === "win" ? "tour.forfeit.win" : "tour.forfeit.loss", { name: game.opponent })
      : t("tour.game_vs", { name: game.opponent, result: mark });
  const label = game.berserk ? `${vs} · ${t("tour.berserk")}` : vs;
  const attrs = { class: `chip chip-${game.result || "playing"}`, title: label, "aria-label": label };
  const berserk = game.berserk ? el("span", { class: "tour-berserk", "data-berserk": "" }, "⚡") : null;
  return game.room_id
    ? el("a", { ...attrs, href: `/r/${encodeURIComponent(game.room_id)}`, "data-link": true },
      game.points !== null && game.points !== undefined ? scoreText(game.points) : mark, berserk)
    : el("span", attrs, mark);
}

/** "(paused)" beside an arena player who left, "(withdrawn)" beside a Swiss or round robin one. */
function pausedNote(tour, row) {
  if (!row.paused) return null;
  return el("span", { class: "muted paused-note" }, ` (${t(tour.format === "arena" ? "tour.paused" : "tour.withdrawn")})`);
}

/** Rank, player (and their games), score, tie-breaks: arenas and Swiss tournaments. */
function standingsTable(tour) {
  const names = tour.standings.length ? Object.keys(tour.standings[0].tiebreaks) : [];
  return el("table", { class: "tour-table", id: "standings" },
    el("thead", {}, el("tr", {}, tEl("th", "tour.rank"), tEl("th", "tour.player"),
      tEl("th", "tour.score"), names.map((name) => el("th", { class: "tb", title: t(`tour.tb.${name}`) },
        t(`tour.tb.short.${name}`))))),
    el("tbody", {}, tour.standings.map((row) => el("tr", { "data-player": row.username, class: row.paused ? "paused" : null },
      el("td", { class: "rank" }, String(row.rank)),
      el("td", { class: "who" }, playerTag(player(row)),
        row.fire ? el("span", { class: "fire", title: t("tour.fire"), "aria-label": t("tour.fire") }, "🔥") : null,
        pausedNote(tour, row),
        el("div", { class: "chips" }, row.games.map(gameChip))),
      el("td", { class: "score" }, scoreText(row.score)),
      tiebreakCells(row)))));
}

/** A round robin's crosstable: each player's results against each other one, by rank. */
function crosstable(tour) {
  const rows = tour.standings;
  const rankOf = new Map(rows.map((row) => [row.username, row.rank]));
  const cell = (row, other) => {
    if (row.username === other.username) return el("td", { class: "self" }, "");
    const marks = row.games.filter((g) => g.opponent === other.username).map(resultMark);
    return el("td", { class: "x" }, marks.join(" "));
  };
  return el("div", { class: "crosstable-wrap" }, el("table", { class: "tour-table crosstable", id: "standings" },
    el("thead", {}, el("tr", {}, tEl("th", "tour.rank"), tEl("th", "tour.player"),
      rows.map((row) => el("th", { class: "x", title: row.username }, String(rankOf.get(row.username)))),
      tEl("th", "tour.score"), Object.keys((rows[0] || { tiebreaks: {} }).tiebreaks).map(
        (name) => el("th", { class: "tb", title: t(`tour.tb.${name}`) }, t(`tour.tb.short.${name}`))))),
    el("tbody", {}, rows.map((row) => el("tr", { "data-player": row.username },
      el("td", { class: "rank" }, String(row.rank)), el("td", { class: "who" }, playerTag(player(row)), pausedNote(tour, row)),
      rows.map((other) => cell(row, other)),
      el("td", { class: "score" }, scoreText(row.score)), tiebreakCells(row))))));
}

function playingList(tour) {
  const playing = tour.pairings.filter((p) => p.result === null && p.room_id);
  if (!playing.length) return tEl("p", tour.status === "finished" ? "tour.none_played" : "tour.none_playing", { class: "muted" });
  return el("ul", { class: "tour-playing-list", id: "playing" }, playing.map((p) => el("li", {},
    el("a", { href: `/r/${encodeURIComponent(p.room_id)}`, "data-link": true, class: "watch" },
      t("tour.pairing", { first: p.first, second: p.second })))));
}

export function mountTournament(main, id) {
  const head = el("section", { class: "card tour-head", id: "tour-head" }, tEl("p", "replay.loading", { class: "muted" }));
  const standings = el("section", { class: "card tour-standings", id: "tour-standings" });
  const playing = el("section", { class: "card tour-playing", id: "tour-playing" });
  main.appendChild(el("div", { class: "tour-page" }, head, el("div", { class: "tour-body" }, standings, playing)));
  let tour = null;
  let offset = 0; // the server's clock minus this page's
  let me = null;
  let stopped = false;
  const status = el("p", { class: "tour-status", id: "tour-status", role: "timer" });

  const act = (button, call) => {
    button.disabled = true;
    call().then((answer) => show(answer)).catch((err) => {
      toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
      button.disabled = false;
    });
  };

  const actions = () => {
    if (tour.status === "finished") return null;
    if (tour.me && tour.me.joined) {
      // After the start: an arena player pauses; a Swiss or round robin player withdraws for
      // good (a round robin's remaining games are lost by forfeit), asked twice.
      const key = tour.status === "created" ? "tour.leave" : tour.format === "arena" ? "tour.pause" : "tour.withdraw";
      const leave = tEl("button", key, { type: "button", class: "btn", id: "tour-leave" });
      const note = key === "tour.withdraw" ? tEl("p", `tour.withdraw.${tour.format}`, { class: "muted", id: "tour-withdraw-note", hidden: true }) : null;
      leave.addEventListener("click", () => {
        if (note && note.hidden) {
          note.hidden = false;
          leave.textContent = t("tour.withdraw.confirm");
          return;
        }
        act(leave, () => leaveTournament(id));
      });
      return el("div", { class: "tour-actions" }, leave, note);
    }
    if (tour.status === "started" && tour.format !== "arena") return tEl("p", "tour.closed", { class: "muted" });
    if (!me || !me.username) return tEl("p", "tour.login", { class: "muted", id: "tour-login" });
    const password = tour.private ? el("input", {
      type: "password", id: "tour-password", "aria-label": t("tour.password"), placeholder: t("tour.password"), maxlength: 64,
    }) : null;
    const join = tEl("button", "tour.join", { type: "button", class: "btn primary", id: "tour-join" });
    join.addEventListener("click", () => act(join, () => joinTournament(id, password && password.value)));
    return el("div", { class: "tour-actions" }, password, join);
  };

  const render = () => {
    if (!tour) return;
    document.title = `${tour.name} · Caro Arena`;
    status.textContent = statusText(tour, offset);
    replaceChanged(head, ...[el("h1", { id: "tour-name" }, tour.name),
      el("p", { class: "tour-terms", id: "tour-terms" }, termsText(tour)),
      status,
      el("p", { class: "muted" }, t("tour.by", { name: tour.created_by, n: tour.players })),
      actions()].filter(Boolean));
    replaceChanged(standings, tEl("h2", tour.format === "round_robin" ? "tour.crosstable" : "tour.standings"),
      tour.standings.length ? (tour.format === "round_robin" ? crosstable(tour) : standingsTable(tour))
        : tEl("p", "tour.nobody", { class: "muted" }));
    replaceChanged(playing, tEl("h2", "tour.playing"), playingList(tour));
  };

  const show = (answer) => {
    tour = answer;
    offset = answer.now_ms - Date.now();
    render();
    if (!stopped && tour.me && tour.me.room_id) goToPairing(tour.me.room_id);
  };

  // One read at a time; a change announced meanwhile is read right after it.
  let reading = null;
  let again = false;
  const load = () => {
    if (reading) {
      again = true;
      return reading;
    }
    reading = tournamentOf(id).then(show).catch((err) => {
      if (!tour) head.replaceChildren(el("p", { id: "tour-error" }, errorText(err instanceof ApiError ? err.code : "internal_error")));
    }).finally(() => {
      reading = null;
      if (again && !stopped) {
        again = false;
        load();
      }
    });
    return reading;
  };
  const changed = (e) => {
    if (e.detail.id === id) load();
  };
  feed.addEventListener("tournament", changed);
  feed.addEventListener("open", load); // reconnected: something may have changed meanwhile
  feed.watchTournament(id);
  whoAmI().then((who) => {
    me = who;
    load();
  });
  const poll = setInterval(() => {
    if (!tour || tour.status !== "finished") load();
  }, POLL_MS);
  const tick = setInterval(() => {
    if (tour) status.textContent = statusText(tour, offset);
  }, TICK_MS);
  const stopLang = onLangChange(render);
  return () => {
    stopped = true;
    feed.removeEventListener("tournament", changed);
    feed.removeEventListener("open", load);
    feed.watchTournament(null);
    clearInterval(poll);
    clearInterval(tick);
    stopLang();
  };
}
