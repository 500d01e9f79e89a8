// The analysis board /analysis?variant=gomoku&moves=h8,h9: set up a position by playing both
// sides (or by importing an SGF / psq / text record), see the engine's top three lines for it
// improve as the engine thinks (POST /api/analyse streamed: one answer per search depth), and
// share the position: the URL always holds it. Another position, or leaving the page, aborts
// the search in progress.

import { ApiError, importRecord, streamAnalysis, variantList } from "../common/api.js";
import { Board } from "../common/board.js";
import { errorText, t } from "../common/i18n.js";
import { cellToStr, replay, strToCell } from "../common/notation.js";
import { el, tEl } from "../common/ui.js";
import { winChance } from "./eval_chart.js";
import { boardOf } from "../common/variants.js";

const LINES = 3;

function readUrl() {
  const query = new URLSearchParams(location.search);
  const spec = query.get("variant") || "gomoku";
  const moves = (query.get("moves") || "").split(",").filter(Boolean);
  return { spec, moves };
}

export function mountAnalysisBoard(main) {
  let { spec, moves } = readUrl();
  let variant = null; // the board of `spec`, as the server describes it
  let board = null;
  let search = null; // the AbortController of the search in progress

  // The named variants as the server lists them, and the board's own spec when it is another
  // (a custom board from a link or an imported record).
  let named = [];
  const select = el("select", { id: "board-variant", "aria-label": t("board.variant") });
  function listVariants() {
    const names = named.includes(spec) ? named : [...named, spec];
    select.replaceChildren(...names.map((name) => el("option", { value: name }, name)));
    select.value = spec;
  }
  listVariants();
  variantList().then((list) => {
    named = list.variants.map((v) => v.name);
    listVariants();
  }, () => {});
  const boardHost = el("div", { class: "board-wrap" });
  const status = el("div", { class: "status", id: "board-status", role: "status" });
  const lines = el("ol", { class: "engine-lines", id: "lines" });
  const depth = el("p", { class: "muted", id: "lines-depth" });
  const importText = el("textarea", { id: "import-text", rows: 4, "aria-label": t("board.import") });
  const importFormat = el("select", { id: "import-format", "aria-label": t("board.import") },
    ...["sgf", "psq", "text"].map((f) => el("option", { value: f }, f)));
  const importFile = el("input", { type: "file", id: "import-file", accept: ".sgf,.psq,.txt" });
  const root = el("div", { class: "room analysis-board" },
    el("div", { class: "board-col" }, status, boardHost),
    el("aside", { class: "panel" },
      el("section", { class: "card" }, tEl("h2", "board.title"), select,
        el("div", { class: "review-nav" },
          el("button", { class: "btn small", type: "button", id: "board-back", onclick: () => setMoves(moves.slice(0, -1)) }, t("board.back")),
          el("button", { class: "btn small", type: "button", id: "board-clear", onclick: () => setMoves([]) }, t("board.clear")))),
      el("section", { class: "card" }, tEl("h2", "board.lines"), depth, lines),
      el("section", { class: "card" }, tEl("h2", "board.import"), tEl("p", "board.import.hint", { class: "muted" }),
        importText, el("div", { class: "share-row" }, importFormat, importFile,
          el("button", { class: "btn small", type: "button", id: "import-btn", onclick: () => load(importText.value) }, t("board.import"))))));
  main.appendChild(root);
  document.title = `${t("board.title")} · Caro Arena`;

  select.addEventListener("change", () => {
    show(select.value, []).catch((err) => {
      status.textContent = errorText(err.code);
    });
  });
  importFile.addEventListener("change", async () => {
    const file = importFile.files[0];
    if (!file) return;
    const ext = file.name.split(".").pop().toLowerCase();
    if (ext === "sgf" || ext === "psq") importFormat.value = ext;
    load(await file.text());
  });

  function load(text) {
    importRecord({ format: importFormat.value, text }).then((game) => show(game.variant, game.moves)).catch((err) => {
      status.textContent = errorText(err.code);
    });
  }

  /** Sets up the board of variant `nextSpec` (bad_variant when the server knows no such). */
  async function show(nextSpec, nextMoves) {
    const described = await boardOf(nextSpec);
    if (!described) throw new ApiError("bad_variant");
    spec = nextSpec;
    variant = described;
    listVariants();
    buildBoard();
    setMoves(nextMoves);
  }

  function buildBoard() {
    if (board) board.destroy();
    board = new Board(boardHost, variant, { label: t("board.title") });
    board.addEventListener("move", (e) => {
      const { cells } = replay(variant, moves);
      setMoves([...moves, cellToStr(variant, e.detail.cell, cells)]);
    });
  }

  function setMoves(next) {
    if (!board) return; // the variant is still being described
    moves = next;
    history.replaceState({}, "", `/analysis?variant=${encodeURIComponent(spec)}&moves=${moves.join(",")}`);
    const { cells, played } = replay(variant, moves);
    board.setPosition({ cells, lastMove: played.length ? played[played.length - 1] : -1 });
    board.setInteractive(true, (moves.length % 2) + 1);
    board.showHint(-1);
    analyse();
  }

  function analyse() {
    if (search) search.abort();
    const mine = new AbortController();
    search = mine;
    status.textContent = t("board.thinking");
    depth.textContent = "";
    lines.replaceChildren();
    const { cells } = replay(variant, moves);
    streamAnalysis({ variant: spec, moves, multipv: LINES }, (found) => {
      if (mine.signal.aborted) return;
      status.textContent = found.final ? t("board.turn", { n: found.turn }) : t("board.thinking");
      depth.textContent = found.exact ? t("board.solved")
        : t(found.final ? "board.depth" : "board.depth_more", { depth: found.depth });
      board.showHint(found.best ? strToCell(variant, found.best, cells) : -1);
      board.setInteractive(found.best !== null, found.turn);
      lines.replaceChildren(...found.lines.map((line) => el("li", { class: "engine-line" },
        el("strong", {}, `${Math.round(winChance(line.score) * 100)}%`), " ", line.pv.join(" "))));
    }, mine.signal).catch((err) => {
      if (!mine.signal.aborted) status.textContent = errorText(err.code);
    });
  }

  show(spec, moves).catch(() => show("gomoku", moves)).catch((err) => {
    status.textContent = errorText(err.code);
  });
  return () => { if (search) search.abort(); };
}
