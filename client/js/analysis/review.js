// The review page /g/{game_id}: a finished game on a board, move by move, and its computer
// analysis (docs/protocol.md §2, game analysis), to lichess's standard: a header with the
// players, ratings, result, game and date (common/game_head.js); the move list with judgement
// marks, its current move highlighted and kept in sight; ←/→, Home/End (common/step_keys.js);
// an evaluation chart on a win-chance scale (eval_chart.js); each player's accuracy; the
// record's downloads; the caro rule's reason when a five did not win, and the opening rule the
// game was played under (swap, swap2) with the choices made in it.
//
// A position the puzzle miner cut a puzzle from (a missed forced win, or an only defence)
// links to that puzzle (/puzzles/{id}) beside the move played there.
//
// A judgement names one best move, and the board rings that one: after a move that lost
// something (inaccuracy, mistake, blunder) the move the engine preferred instead; otherwise
// the engine's best move in the position shown.

import { gameAnalysis, gameExportUrl, gamePuzzles, requestAnalysis } from "../common/api.js";
import { Board } from "../common/board.js";
import { boardStyle } from "../common/board_svg.js";
import { downloadMenu } from "../common/downloads.js";
import { gameHead, loadGame } from "../common/game_head.js";
import { errorText, formatNumber, t } from "../common/i18n.js";
import { renderMoveList, stepButtons } from "../common/move_list.js";
import { replay, strToCell } from "../common/notation.js";
import { colourName, playerTag, stoneIcon } from "../common/players.js";
import { stepKeys } from "../common/step_keys.js";
import { el, tEl } from "../common/ui.js";
import { evalChart, firstPlayerCurve } from "./eval_chart.js";

const POLL_MS = 1000;
const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };
const RESULT = /^(win|loss) in (\d+)$/; // engine/review.py's exact results: "win in 3", "draw"

/** Why a run did not win, in the reader's language (engine/review.py NoWin). */
function noWinText({ span, length, k, reason }) {
  return t(`review.no_win.${reason}`, { span, n: length, k });
}

/** An exactly solved move's result ("win in 3", "loss in 2", "draw") in the reader's language. */
function resultText(result) {
  const found = RESULT.exec(result);
  return found ? t(`review.result.${found[1]}`, { n: found[2] }) : t("review.result.draw");
}

export function mountReview(main, gameId) {
  let game = null;
  let variant = null;
  let analysis = null;
  let ply = 0;
  let timer = null;
  let board = null;
  let puzzles = []; // [{ id, ply, goal }]: the positions of this game made puzzles

  const status = el("div", { class: "status review-status", id: "review-status", role: "status", hidden: true });
  const boardHost = el("div", { class: "board-wrap" });
  const head = el("div", { class: "review-head" });
  const detail = el("section", { class: "card review-detail", id: "review-detail" });
  const chartCard = el("section", { class: "card eval-card", id: "eval-card", hidden: true });
  const accuracy = el("section", { class: "card accuracy-card", id: "accuracy", hidden: true });
  const opening = el("section", { class: "card opening-card", id: "review-opening", hidden: true });
  const moveList = el("div", { class: "move-list", id: "move-list", role: "list" });
  const requestBtn = el("button", { class: "btn primary", id: "analyse-btn", type: "button", hidden: true, onclick: () => start() },
    t("review.request"));
  const fromHere = el("a", { class: "btn small", id: "from-here", "data-link": true }, t("review.from_here"));
  const tools = el("div", { class: "review-tools" }, fromHere);
  const steps = { first: () => 0, prev: () => ply - 1, next: () => ply + 1, last: () => game.moves.length };
  const nav = stepButtons("review", (kind) => go(steps[kind]()));
  const root = el("div", { class: "room review" },
    el("div", { class: "board-col" }, status, boardHost),
    el("aside", { class: "panel" }, head,
      el("section", { class: "card moves-card" }, tEl("h2", "room.moves"), moveList, nav, tools),
      detail, requestBtn, chartCard, accuracy, opening));
  main.appendChild(root);
  document.title = `${t("review.title")} · Caro Arena`;
  const stopKeys = stepKeys((kind) => go(steps[kind]()));

  function go(next) {
    if (!game) return;
    ply = Math.max(0, Math.min(game.moves.length, next));
    render();
  }

  function reviewed(n) {
    return analysis && analysis.status === "done" ? analysis.moves[n - 1] || null : null;
  }

  /** The move just played when it lost something and the engine preferred another, else null. */
  function flawed() {
    const last = reviewed(ply);
    return last && MARKS[last.judgement] && last.best && last.best !== last.move ? last : null;
  }

  function render() {
    const { cells, played } = replay(variant, game.moves.slice(0, ply));
    board.setPosition({ cells, lastMove: ply ? played[ply - 1] : -1 });
    const next = reviewed(ply + 1);
    const best = flawed() ? flawed().best : next && next.best;
    board.showHint(best ? strToCell(variant, best, cells) : -1);
    fromHere.href = `/analysis?variant=${encodeURIComponent(game.variant)}&moves=${game.moves.slice(0, ply).join(",")}`;
    renderMoveList(moveList, game.moves, ply, go, (n) => {
      const judged = reviewed(n);
      return judged && { cls: `j-${judged.judgement}`, suffix: MARKS[judged.judgement] || "", title: t(`judgement.${judged.judgement}`) };
    });
    renderDetail(next);
    renderChart();
  }

  function renderDetail(next) {
    const parts = [];
    const last = reviewed(ply);
    if (ply === 0) parts.push(tEl("p", "review.start"));
    if (last) {
      const result = last.result ? ` (${resultText(last.result)})` : "";
      parts.push(el("p", { class: `judgement j-${last.judgement}`, id: "judgement" },
        `${last.move}: ${t(`judgement.${last.judgement}`)}${result}`));
    }
    const instead = flawed();
    if (instead) {
      parts.push(el("p", { id: "best-move" }, t("review.was", { move: instead.best })));
      parts.push(el("p", { class: "muted" }, t("review.line", { line: instead.pv.join(" ") })));
    } else if (next && next.best) {
      parts.push(el("p", { id: "best-move" }, t("review.best", { move: next.best })));
      parts.push(el("p", { class: "muted" }, t("review.line", { line: next.pv.join(" ") })));
    }
    const puzzle = ply > 0 && puzzles.find((p) => p.ply === ply - 1);
    if (puzzle) {
      parts.push(el("p", { id: "review-puzzle" }, el("a", { href: `/puzzles/${encodeURIComponent(puzzle.id)}`, "data-link": true },
        t(puzzle.goal === "win" ? "review.puzzle.win" : "review.puzzle.defend"))));
    }
    if (last) {
      for (const tag of last.tags) parts.push(el("p", { class: "tag" }, t(`review.${tag}`)));
      if (last.no_win?.length) parts.push(el("p", { class: "note", id: "rule-note" }, last.no_win.map(noWinText).join("; ")));
    }
    detail.replaceChildren(...parts);
    detail.hidden = parts.length === 0;
  }

  function renderChart() {
    if (!analysis || analysis.status !== "done") return;
    const style = boardStyle(game.board);
    chartCard.replaceChildren(tEl("h2", "review.chart"),
      evalChart(firstPlayerCurve(analysis.moves), ply, {
        judgementOf: (i) => (reviewed(i) ? reviewed(i).judgement : null), onPick: go, label: t("review.chart"),
      }),
      el("p", { class: "muted eval-caption", id: "eval-caption" },
        stoneIcon(style, 1), " ", t("review.chart.scale", { colour: colourName(style, 1) })));
    chartCard.hidden = false;
    const items = [["1", "first"], ["2", "second"]].map(([seat, side]) => {
      const value = analysis.accuracy[side];
      return el("li", { id: `accuracy-${side}` },
        playerTag(game.players[seat], { seat: Number(seat), style, rating: false }),
        el("strong", { class: "accuracy-value" }, value === null ? "–" : `${formatNumber(value)}%`));
    });
    accuracy.replaceChildren(tEl("h2", "review.accuracy"), el("ul", { class: "accuracy-list" }, items));
    accuracy.hidden = false;
  }

  /** The opening rule and, in order, who chose what: the second player chooses first, the
   * first player (who placed the first three stones) after "place two more". */
  function renderOpening() {
    const rule = game.opening || "none"; // records from before opening rules have none
    opening.hidden = rule === "none";
    if (opening.hidden) return;
    const choices = (game.opening_choices || []).map((choice, i) =>
      el("li", {}, t(i === 0 ? "review.opening.second" : "review.opening.first", { choice: t(`opening.${choice}`) })));
    opening.replaceChildren(tEl("h2", `review.opening.${rule}`), el("ol", { class: "opening-choices" }, ...choices));
  }

  function show(doc) {
    analysis = doc;
    clearTimeout(timer);
    const busy = doc.status === "queued" || doc.status === "running";
    status.textContent = doc.status === "queued" ? t("review.queued")
      : doc.status === "running" ? t("review.running", { p: Math.round(doc.progress * 100) })
        : doc.status === "failed" ? t("review.failed") : "";
    status.hidden = !status.textContent;
    requestBtn.hidden = doc.status !== "none" && doc.status !== "failed";
    if (busy) timer = setTimeout(() => gameAnalysis(gameId).then(show, fail), POLL_MS);
    render();
  }

  function fail(err) {
    status.textContent = errorText(err.code);
    status.hidden = false;
  }

  function start() {
    requestAnalysis(gameId).then(show, fail);
  }

  loadGame(gameId).then((data) => {
    game = data;
    variant = { ...game.board, spec: game.variant };
    head.replaceChildren(gameHead(game));
    tools.append(downloadMenu({ href: (format) => gameExportUrl(game.id, format), name: `caro-arena-${game.id}`, board: game.board }));
    board = new Board(boardHost, variant, { label: t("review.title") });
    ply = game.moves.length;
    renderOpening();
    gamePuzzles(game.id).then((found) => {
      puzzles = found;
      render();
    }, () => {});
    return gameAnalysis(gameId).then(show);
  }).catch(fail);

  return () => {
    clearTimeout(timer);
    stopKeys();
    if (board) board.destroy();
  };
}
