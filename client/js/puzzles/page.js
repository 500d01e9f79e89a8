// The puzzles page: /puzzles (the next puzzle near the player's rating), /puzzles/{id} (one
// puzzle, e.g. from the history) and /puzzles/daily (the puzzle of the day). The player moves
// on the board; the server judges each move (docs/protocol.md §2i) and its answer decides:
// a right move is followed by the defender's reply after a short pause, the last one solves
// the puzzle, a wrong one ends the attempt. An ended attempt shows the rating change and the
// solution to step through. Streak mode plays puzzles of rising difficulty until the first
// mistake.
//
// Only the newest request counts: a new puzzle is asked for when the page opens, on "Next", on
// a change of mode or choice, and after a streak's solve, so answers can arrive out of order
// (a slow first answer after the streak's own). Each load takes a new number (`current`); an
// answer to an older load, or to a move on a puzzle no longer shown, is dropped, and the board
// takes no moves while the next puzzle is on its way.

import { ApiError } from "../common/api.js";
import { Board } from "../common/board.js";
import { errorText, onLangChange, t } from "../common/i18n.js";
import { cellToStr, replay } from "../common/notation.js";
import { variantTitle } from "../common/variant_title.js";
import { boardOf } from "../common/variants.js";
import { el, tEl, toast } from "../common/ui.js";
import { dailyPuzzle, giveUp, nextPuzzle, puzzleById, sendMoves, solution } from "./api.js";
import { historyView, loadChoice, optionsView, ratingView } from "./side_views.js";
import { solutionView } from "./solution_view.js";
import { cellDescriber, seatOf, taskText, themeName } from "./words.js";

const REPLY_PAUSE_MS = 450; // the defender "thinks" before its reply
const STREAK_NEXT_MS = 900;
const BEST_STREAK_KEY = "caro-arena:puzzle-streak-best";

/** Renders the puzzles page into `main`; `which` is a puzzle id, "daily" or null (the next). */
export function mountPuzzles(main, which = null) {
  const boardBox = el("div", { class: "puzzle-board replay-board" });
  const kind = el("p", { class: "puzzle-kind muted", id: "puzzle-kind" });
  const task = el("h1", { class: "puzzle-task", id: "puzzle-task" }, t("replay.loading"));
  const status = el("p", { class: "puzzle-status", id: "puzzle-status", role: "status", "aria-live": "polite" });
  const meta = el("p", { class: "puzzle-meta muted", id: "puzzle-meta" });
  const rating = ratingView();
  const giveUpButton = tEl("button", "puzzle.give_up", { type: "button", class: "btn small", id: "puzzle-giveup", hidden: true });
  const nextButton = tEl("button", "puzzle.next", { type: "button", class: "btn primary", id: "puzzle-next", hidden: true });
  const stepper = solutionView((moves, ply) => draw(moves.slice(0, ply)));
  const historyCard = historyView();
  let choice = loadChoice();
  let mode = "rated";
  let streak = 0;
  let best = Number(localStorage.getItem(BEST_STREAK_KEY)) || 0;
  const options = optionsView(choice, (next) => {
    choice = next;
    if (mode === "rated") load(null);
  }, (next) => {
    mode = next;
    streak = 0;
    showMode();
    load(null);
  });
  main.appendChild(el("div", { class: "puzzle-page", id: "puzzle-page" },
    boardBox,
    el("aside", { class: "card puzzle-side" }, kind, task, status, meta, rating.node,
      el("div", { class: "puzzle-actions" }, giveUpButton, nextButton)),
    stepper.node, options.node, historyCard.node));

  let puzzle = null; // as the server sent it
  let variant = null; // its board
  let board = null;
  let progress = []; // the attempt's moves after the position (the player's and the replies)
  let busy = false;
  let current = 0; // the newest load; answers to older ones are stale
  let timer = null;
  let gone = false;

  function draw(moves) {
    const { cells, played } = replay(variant, [...puzzle.moves, ...moves]);
    board.setPosition({ cells, lastMove: played.length ? played[played.length - 1] : -1 });
  }

  function say(key, params = {}) {
    status.dataset.key = key;
    status.dataset.params = JSON.stringify(params);
    status.textContent = t(key, params);
  }

  function showMode() {
    options.setMode(mode);
    options.setStreak(streak, best);
  }

  function describe() {
    if (!puzzle) return;
    task.textContent = taskText(puzzle, variant);
    kind.textContent = [
      which === "daily" ? t("puzzle.daily.title") : mode === "streak" ? t("puzzle.mode.streak") : t("puzzle.title"),
      variantTitle(puzzle.variant)].join(" · ");
    meta.textContent = [t("puzzle.rated", { rating: puzzle.rating }), ...puzzle.themes.map(themeName)].join(" · ");
    document.title = `${task.textContent} · Caro Arena`;
  }

  async function show(answer, mine) {
    const shape = await boardOf(answer.variant);
    if (gone || mine !== current) return;
    puzzle = answer;
    variant = { ...shape, spec: puzzle.variant };
    if (board) board.destroy();
    board = new Board(boardBox, variant, { describe: cellDescriber(variant), label: t("board.label") });
    board.addEventListener("move", (e) => play(cellToStr(variant, e.detail.cell)));
    board.addEventListener("forbidden", () => toast(errorText("forbidden_move"), "error"));
    boardBox.dataset.puzzle = puzzle.id;
    stepper.stop();
    const attempt = puzzle.attempt;
    progress = attempt ? attempt.progress.slice() : [];
    draw(progress);
    describe();
    rating.show(puzzle.player, attempt ? attempt.rating_change : null);
    if (which !== "daily" && location.pathname !== `/puzzles/${puzzle.id}`) {
      history.replaceState(null, "", `/puzzles/${puzzle.id}`);
      which = puzzle.id;
    }
    if (attempt && attempt.status !== "open") {
      say(attempt.status === "solved" ? "puzzle.solved" : "puzzle.failed");
      ended(attempt.status === "solved");
      return;
    }
    say(progress.length ? "puzzle.go_on" : puzzle.goal === "win" ? "puzzle.find.win" : "puzzle.find.defend");
    giveUpButton.hidden = false;
    nextButton.hidden = true;
    busy = false;
    board.setInteractive(true, seatOf(puzzle));
    board.focus();
  }

  async function load(id) {
    const mine = ++current;
    clearTimeout(timer);
    busy = true;
    if (board) board.setInteractive(false);
    giveUpButton.hidden = true;
    nextButton.hidden = true;
    try {
      const answer = id === "daily" ? await dailyPuzzle()
        : id ? await puzzleById(id)
          : await nextPuzzle({ ...(mode === "streak" ? {} : choice), streak: mode === "streak" ? streak : null });
      await show(answer, mine);
    } catch (err) {
      if (gone || mine !== current) return;
      const code = err instanceof ApiError ? err.code : "internal_error";
      task.textContent = t("puzzle.title");
      status.textContent = errorText(code);
      nextButton.hidden = code !== "no_puzzle_left" && code !== "network" && code !== "internal_error";
    }
  }

  async function play(move) {
    if (busy || !puzzle) return;
    busy = true;
    board.setInteractive(false);
    const mine = current;
    const moves = [...progress, move];
    draw(moves);
    let answer;
    try {
      answer = await sendMoves(puzzle.id, moves);
    } catch (err) {
      if (gone || mine !== current) return undefined;
      const code = err instanceof ApiError ? err.code : "internal_error";
      toast(errorText(code), "error");
      if (code === "puzzle_finished" || code === "puzzle_out_of_step") return load(puzzle.id);
      draw(progress);
      busy = false;
      board.setInteractive(true, seatOf(puzzle));
      return undefined;
    }
    if (gone || mine !== current) return undefined;
    progress = moves;
    if (!answer.correct || answer.solved) {
      say(answer.solved ? "puzzle.solved" : "puzzle.wrong", { move });
      return ended(answer.solved, answer.rating_change);
    }
    say("puzzle.right");
    timer = setTimeout(() => {
      progress = [...moves, answer.reply];
      draw(progress);
      say("puzzle.go_on");
      busy = false;
      board.setInteractive(true, seatOf(puzzle));
    }, REPLY_PAUSE_MS);
    return undefined;
  }

  /** The attempt ended: the new rating (from the history's answer, with its deviation), then
   * the next streak puzzle, or the solution. `change` is null for an attempt shown again. */
  async function ended(solved, change = null) {
    busy = true;
    board.setInteractive(false);
    giveUpButton.hidden = true;
    if (change !== null) historyCard.refresh().then((player) => player && rating.show(player, change));
    if (mode === "streak" && which !== "daily") {
      if (solved) {
        streak += 1;
        best = Math.max(best, streak);
        localStorage.setItem(BEST_STREAK_KEY, String(best));
        showMode();
        timer = setTimeout(() => load(null), STREAK_NEXT_MS);
        return;
      }
      say("puzzle.streak.over", { n: streak });
      streak = 0;
    }
    nextButton.textContent = t(mode === "streak" ? "puzzle.streak.again" : "puzzle.next");
    nextButton.hidden = false;
    const mine = current;
    try {
      const answer = await solution(puzzle.id);
      if (gone || mine !== current) return;
      const lines = [["puzzle.line.solution", answer.line]];
      if (answer.refutation) lines.push(["puzzle.line.refutation", [answer.played[answer.played.length - 1], ...answer.refutation]]);
      stepper.open(lines, solved);
    } catch (err) {
      toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
    }
  }

  giveUpButton.addEventListener("click", async () => {
    if (!puzzle || busy) return;
    busy = true;
    const mine = current;
    try {
      const answer = await giveUp(puzzle.id);
      if (gone || mine !== current) return;
      say("puzzle.failed");
      ended(false, answer.rating_change);
    } catch (err) {
      toast(errorText(err instanceof ApiError ? err.code : "internal_error"), "error");
      if (mine === current) busy = false;
    }
  });
  nextButton.addEventListener("click", () => {
    if (which === "daily") which = null;
    load(null);
  });
  const stopLang = onLangChange(() => {
    describe();
    if (board) board.setDescribe(cellDescriber(variant), t("board.label"));
    options.relabel();
    if (status.dataset.key) status.textContent = t(status.dataset.key, JSON.parse(status.dataset.params || "{}"));
    historyCard.refresh();
  });
  showMode();
  historyCard.refresh();
  load(which);
  return () => {
    gone = true;
    clearTimeout(timer);
    stepper.stop();
    stopLang();
    if (board) board.destroy();
  };
}
