// The review page /g/{game_id}: a finished game on a board, move by move, and its computer
// analysis (docs/protocol.md §2, game analysis): an SVG evaluation chart (click a point to
// jump there), judgement marks in the move list, the engine's best move ringed on the board,
// each player's accuracy, the caro rule's reason when a five did not win, and the opening rule
// the game was played under (swap, swap2) with the choices made in it.

import { gameAnalysis, gameRecord, requestAnalysis } from "../common/api.js";
import { Board } from "../common/board.js";
import { svgEl } from "../common/board_svg.js";
import { errorText, t } from "../common/i18n.js";
import { replay, strToCell } from "../common/notation.js";
import { boardOf } from "../common/variants.js";
import { el, tEl } from "../common/ui.js";

const POLL_MS = 1000;
const CHART_W = 300;
const CHART_H = 90;
const CHART_PAD = 5;
const WIN_BOUND = 990000; // |score| at or beyond is a proven result (engine MATE_BOUND)
const MARKS = { inaccuracy: "?!", mistake: "?", blunder: "??" };

/** The mover's chance to win from an engine score, as engine/review.py computes it. */
export function winChance(score) {
  if (score >= WIN_BOUND) return 1;
  if (score <= -WIN_BOUND) return 0;
  return 1 / (1 + Math.exp(-score / 1500));
}

/** The first player's chance after each ply (ply 0: even), from the moves' scores. */
function firstPlayerCurve(moves) {
  return [0.5, ...moves.map((m) => (m.ply % 2 ? winChance(m.score) : 1 - winChance(m.score)))];
}

/** Why a run did not win, in the reader's language (engine/review.py NoWin). */
function noWinText({ span, length, k, reason }) {
  return t(`review.no_win.${reason}`, { span, n: length, k });
}

export function mountReview(main, gameId) {
  let record = null;
  let variant = null;
  let analysis = null;
  let ply = 0;
  let timer = null;
  let board = null;

  const status = el("div", { class: "status", id: "review-status", role: "status" });
  const boardHost = el("div", { class: "board-wrap" });
  const detail = el("section", { class: "card review-detail", id: "review-detail" });
  const chartCard = el("section", { class: "card", id: "eval-card", hidden: true },
    tEl("h2", "review.chart"));
  const accuracy = el("section", { class: "card", id: "accuracy", hidden: true });
  const opening = el("section", { class: "card", id: "review-opening", hidden: true });
  const moveList = el("div", { class: "move-list", id: "move-list", role: "list" });
  const requestBtn = el("button", { class: "btn", id: "analyse-btn", type: "button", onclick: () => start() },
    t("review.request"));
  const fromHere = el("a", { class: "btn small", id: "from-here", "data-link": true }, t("review.from_here"));
  const nav = el("div", { class: "review-nav" },
    el("button", { class: "btn small", type: "button", id: "prev", "aria-label": "previous", onclick: () => go(ply - 1) }, "‹"),
    el("button", { class: "btn small", type: "button", id: "next", "aria-label": "next", onclick: () => go(ply + 1) }, "›"));
  const root = el("div", { class: "room review" },
    el("div", { class: "board-col" }, status, boardHost),
    el("aside", { class: "panel" }, opening, accuracy, chartCard,
      el("section", { class: "card moves-card" }, tEl("h2", "room.moves"), moveList, nav, fromHere),
      detail, requestBtn));
  main.appendChild(root);
  document.title = `${t("review.title")} · Caro Arena`;

  function onKey(e) {
    if (e.key === "ArrowLeft") go(ply - 1);
    if (e.key === "ArrowRight") go(ply + 1);
  }
  document.addEventListener("keydown", onKey);

  function go(next) {
    if (!record) return;
    ply = Math.max(0, Math.min(record.moves.length, next));
    render();
  }

  function reviewed(n) {
    return analysis && analysis.status === "done" ? analysis.moves[n - 1] : null;
  }

  function render() {
    const { cells, played } = replay(variant, record.moves.slice(0, ply));
    board.setPosition({ cells, lastMove: ply ? played[ply - 1] : -1 });
    const next = reviewed(ply + 1);
    board.showHint(next && next.best ? strToCell(variant, next.best, cells) : -1);
    fromHere.href = `/analysis?variant=${encodeURIComponent(record.variant)}&moves=${record.moves.slice(0, ply).join(",")}`;
    renderMoves();
    renderDetail(next);
    renderChart();
  }

  function renderMoves() {
    const items = [];
    record.moves.forEach((move, i) => {
      if (i % 2 === 0) items.push(el("span", { class: "mno" }, `${i / 2 + 1}.`));
      const judged = reviewed(i + 1);
      const mark = judged ? MARKS[judged.judgement] || "" : "";
      items.push(el("button", {
        class: `mv${judged ? ` j-${judged.judgement}` : ""}`, type: "button", "data-ply": i + 1,
        "aria-current": i + 1 === ply ? "true" : "false", onclick: () => go(i + 1),
        title: judged ? t(`judgement.${judged.judgement}`) : null,
      }, move + mark));
    });
    moveList.replaceChildren(...items);
  }

  function renderDetail(next) {
    const parts = [];
    const last = reviewed(ply);
    if (ply === 0) parts.push(tEl("p", "review.start"));
    if (last) {
      parts.push(el("p", { class: `judgement j-${last.judgement}`, id: "judgement" },
        `${last.move}: ${t(`judgement.${last.judgement}`)}${last.result ? ` (${last.result})` : ""}`));
      if (last.best && last.best !== last.move) parts.push(el("p", {}, t("review.was", { move: last.best })));
      for (const tag of last.tags) parts.push(el("p", { class: "tag" }, t(`review.${tag}`)));
      const noWin = last.no_win?.length ? last.no_win.map(noWinText).join("; ") : last.note;
      if (noWin) parts.push(el("p", { class: "note", id: "rule-note" }, noWin));
    }
    if (next && next.best) {
      parts.push(el("p", { id: "best-move" }, t("review.best", { move: next.best })));
      parts.push(el("p", { class: "muted" }, t("review.line", { line: next.pv.join(" ") })));
    }
    detail.replaceChildren(...parts);
    detail.hidden = parts.length === 0;
  }

  function renderChart() {
    if (!analysis || analysis.status !== "done") return;
    const curve = firstPlayerCurve(analysis.moves);
    const x = (i) => (curve.length > 1 ? (i * CHART_W) / (curve.length - 1) : 0);
    const y = (p) => CHART_PAD + (1 - p) * (CHART_H - 2 * CHART_PAD);
    const svg = svgEl("svg", { viewBox: `0 0 ${CHART_W} ${CHART_H}`, class: "eval-chart", id: "eval-chart", role: "img" });
    svgEl("line", { x1: 0, y1: CHART_H / 2, x2: CHART_W, y2: CHART_H / 2, class: "eval-mid" }, svg);
    svgEl("line", { x1: x(ply), y1: 0, x2: x(ply), y2: CHART_H, class: "eval-now" }, svg);
    svgEl("polyline", { points: curve.map((p, i) => `${x(i)},${y(p)}`).join(" "), class: "eval-line" }, svg);
    curve.forEach((p, i) => {
      const judged = reviewed(i);
      const dot = svgEl("circle", {
        cx: x(i), cy: y(p), r: 4, "data-ply": i, class: `eval-point${judged ? ` j-${judged.judgement}` : ""}`,
      }, svg);
      dot.addEventListener("click", () => go(i));
    });
    chartCard.replaceChildren(tEl("h2", "review.chart"), svg);
    chartCard.hidden = false;
    accuracy.replaceChildren(tEl("h2", "review.accuracy"),
      el("p", { id: "accuracy-first" }, `${record.seats["1"]?.name || "1"}: ${analysis.accuracy.first ?? "–"}`),
      el("p", { id: "accuracy-second" }, `${record.seats["2"]?.name || "2"}: ${analysis.accuracy.second ?? "–"}`));
    accuracy.hidden = false;
  }

  /** The opening rule and, in order, who chose what: the second player chooses first, the
   * first player (who placed the first three stones) after "place two more". */
  function renderOpening() {
    const rule = record.opening || "none"; // records from before opening rules have none
    opening.hidden = rule === "none";
    if (opening.hidden) return;
    const choices = (record.opening_choices || []).map((choice, i) =>
      el("li", {}, t(i === 0 ? "review.opening.second" : "review.opening.first", { choice: t(`opening.${choice}`) })));
    opening.replaceChildren(tEl("h2", `review.opening.${rule}`), el("ol", { class: "opening-choices" }, ...choices));
  }

  function show(doc) {
    analysis = doc;
    clearTimeout(timer);
    if (doc.status === "queued") status.textContent = t("review.queued");
    else if (doc.status === "running") status.textContent = t("review.running", { p: Math.round(doc.progress * 100) });
    else if (doc.status === "failed") status.textContent = t("review.failed");
    else status.textContent = t("review.title");
    requestBtn.hidden = doc.status !== "none" && doc.status !== "failed";
    if (doc.status === "queued" || doc.status === "running") {
      timer = setTimeout(() => gameAnalysis(gameId).then(show, fail), POLL_MS);
    }
    render();
  }

  function fail(err) {
    status.textContent = errorText(err.code);
  }

  function start() {
    requestAnalysis(gameId).then(show, fail);
  }

  gameRecord(gameId).then((data) => {
    record = data;
    return boardOf(record.variant);
  }).then((described) => {
    variant = described;
    board = new Board(boardHost, variant, { label: t("review.title") });
    ply = record.moves.length;
    renderOpening();
    return gameAnalysis(gameId).then(show);
  }).catch(fail);

  return () => {
    clearTimeout(timer);
    document.removeEventListener("keydown", onKey);
  };
}
