// The analysis board /analysis?variant=gomoku&moves=h8,h9: set up a position by playing both
// sides, by importing an SGF / psq / text record (whose moves can then be stepped through), or
// freely (stones of either colour, the side to move: board_setup.js); see the engine's top three
// lines for it improve as the engine thinks (POST /api/analyse streamed: one answer per search
// depth; engine_lines.js says what its numbers mean), and share the position: the URL always
// holds it (`moves`, and `ply` when stepped back from the end of them; `setup` the number of
// leading moves that set up a position rather than being played). Another position, or leaving
// the page, aborts the search in progress.

import { ApiError, importRecord, streamAnalysis, variantList } from "../common/api.js";
import { Board } from "../common/board.js";
import { boardStyle } from "../common/board_svg.js";
import { errorText, t } from "../common/i18n.js";
import { renderMoveList, stepButtons } from "../common/move_list.js";
import { cellToStr, replay, strToCell } from "../common/notation.js";
import { colourName, stoneIcon } from "../common/players.js";
import { stepKeys } from "../common/step_keys.js";
import { el, tEl } from "../common/ui.js";
import { variantTitle } from "../common/variant_title.js";
import { boardOf } from "../common/variants.js";
import { setupPanel } from "./board_setup.js";
import { engineCard } from "./engine_lines.js";

const LINES = 3;
const FORMATS = { sgf: "sgf", psq: "psq", txt: "text" };

function readUrl() {
  const query = new URLSearchParams(location.search);
  const spec = query.get("variant") || "gomoku";
  const line = (query.get("moves") || "").split(",").filter(Boolean);
  const whole = (name, fallback, most) => {
    const n = Number.parseInt(query.get(name) ?? "", 10);
    return Number.isInteger(n) && n >= 0 && n <= most ? n : fallback;
  };
  const base = whole("setup", 0, line.length);
  return { spec, line, base, ply: Math.max(base, whole("ply", line.length, line.length)) };
}

export function mountAnalysisBoard(main) {
  let { spec, line, base, ply } = readUrl();
  let variant = null; // the board of `spec`, as the server describes it
  let board = null;
  let search = null; // the AbortController of the search in progress

  // The named variants as the server lists them, and the board's own spec when it is another
  // (a custom board from a link or an imported record), each by its title.
  let named = [];
  const select = el("select", { id: "board-variant", "aria-label": t("board.variant") });
  function listVariants() {
    const boards = named.some((b) => b.name === spec) || !variant ? named : [...named, { ...variant, name: spec }];
    select.replaceChildren(...boards.map((b) => el("option", { value: b.name }, variantTitle(b.name, b))));
    select.value = spec;
  }
  variantList().then((list) => {
    named = list.variants;
    listVariants();
  }, () => {});
  const boardHost = el("div", { class: "board-wrap" });
  const status = el("div", { class: "status", id: "board-status", role: "status" });
  const engine = engineCard();
  const moveList = el("div", { class: "move-list", id: "move-list", role: "list" });
  const steps = { first: () => base, prev: () => ply - 1, next: () => ply + 1, last: () => line.length };
  const nav = stepButtons("board", (kind) => go(steps[kind]()));
  const importText = el("textarea", { id: "import-text", rows: 4, "aria-label": t("board.import") });
  const importFormat = el("select", { id: "import-format", "aria-label": t("board.import.format") },
    ...[["sgf", "SGF"], ["psq", "PSQ"], ["text", t("download.text")]].map(([f, label]) => el("option", { value: f }, label)));
  // The browser's own file button speaks the browser's language: a label of ours opens it.
  const importFile = el("input", { type: "file", id: "import-file", accept: ".sgf,.psq,.txt", class: "visually-hidden" });
  const fileName = el("span", { class: "muted file-name", id: "import-file-name" });
  const pickFile = el("label", { class: "btn small", for: "import-file" }, t("board.import.file"));
  const importNote = el("p", { class: "form-error", id: "import-problem", role: "status", hidden: true });
  const sayImport = (text) => {
    importNote.textContent = text;
    importNote.hidden = !text;
  };
  const setup = setupPanel({
    onDone: (moves) => {
      setLine(moves, moves.length, moves.length);
      setupBtn.hidden = Boolean(variant.gravity);
    },
    onCancel: () => {
      setupBtn.hidden = Boolean(variant.gravity);
      go(ply);
    },
  });
  const setupBtn = el("button", { class: "btn small", type: "button", id: "setup-btn", onclick: startSetup }, t("setup.start"));
  const root = el("div", { class: "room analysis-board" },
    el("div", { class: "board-col" }, status, boardHost),
    el("aside", { class: "panel" },
      el("section", { class: "card board-card" }, tEl("h2", "board.title"), select,
        el("div", { class: "board-tools" },
          el("button", { class: "btn small", type: "button", id: "board-back", onclick: takeBack }, t("board.back")),
          el("button", { class: "btn small", type: "button", id: "board-clear", onclick: () => setLine([], 0, 0) }, t("board.clear")),
          setupBtn)),
      setup.root,
      engine.root,
      el("section", { class: "card moves-card" }, tEl("h2", "room.moves"), moveList, nav),
      el("section", { class: "card import-card" }, tEl("h2", "board.import"), tEl("p", "board.import.hint", { class: "muted" }),
        importText, el("div", { class: "share-row import-row" }, importFormat, importFile, pickFile, fileName,
          el("button", { class: "btn small", type: "button", id: "import-btn", onclick: () => load(importText.value) }, t("board.import"))),
        importNote)));
  main.appendChild(root);
  document.title = `${t("board.title")} · Caro Arena`;
  const stopKeys = stepKeys((kind) => {
    if (!setup.active()) go(steps[kind]());
  });

  select.addEventListener("change", () => {
    show(select.value, [], 0).catch((err) => {
      status.textContent = errorText(err.code);
    });
  });
  // A picked file fills the box (and the format, from its extension) and is imported at once;
  // Import then imports what the box holds.
  importFile.addEventListener("change", async () => {
    const file = importFile.files[0];
    if (!file) return;
    const format = FORMATS[file.name.split(".").pop().toLowerCase()];
    if (format) importFormat.value = format;
    fileName.textContent = file.name;
    importText.value = await file.text();
    load(importText.value);
  });

  /** Imports `text`; what went wrong is said under the import box (the status line above the
   * board belongs to the engine). */
  function load(text) {
    sayImport(text.trim() ? "" : t("board.import.empty"));
    if (!text.trim()) return;
    importRecord({ format: importFormat.value, text }).then((game) => show(game.variant, game.moves, 0)).catch((err) => {
      sayImport(errorText(err.code));
    });
  }

  /** Sets up the board of variant `nextSpec` (bad_variant when the server knows no such). */
  async function show(nextSpec, nextLine, nextBase, nextPly = nextLine.length) {
    const described = await boardOf(nextSpec);
    if (!described) throw new ApiError("bad_variant");
    spec = nextSpec;
    variant = described;
    listVariants();
    buildBoard();
    setupBtn.hidden = Boolean(variant.gravity); // stones only fall in Connect Four
    setLine(nextLine, nextBase, nextPly);
  }

  function buildBoard() {
    if (board) board.destroy();
    board = new Board(boardHost, variant, { label: t("board.title") });
    board.addEventListener("move", (e) => {
      const { cells } = replay(variant, line.slice(0, ply));
      const move = cellToStr(variant, e.detail.cell, cells);
      // The same move as the line's next one steps along it; another starts a new line here.
      if (line[ply] === move) go(ply + 1);
      else setLine([...line.slice(0, ply), move], base, ply + 1);
    });
  }

  function startSetup() {
    if (search) search.abort();
    setupBtn.hidden = true;
    engine.clear();
    status.textContent = t("setup.title");
    setup.start(board, replay(variant, line.slice(0, ply)).cells);
  }

  function takeBack() {
    setLine(line.slice(0, Math.max(base, ply - 1)), base, Math.max(base, ply - 1));
  }

  function setLine(nextLine, nextBase, nextPly) {
    line = nextLine;
    base = nextBase;
    go(nextPly);
  }

  function go(next) {
    if (!board || setup.active()) return; // the variant is still being described, or set up
    ply = Math.max(base, Math.min(line.length, next));
    const extra = `${base ? `&setup=${base}` : ""}${ply < line.length ? `&ply=${ply}` : ""}`;
    history.replaceState({}, "", `/analysis?variant=${encodeURIComponent(spec)}&moves=${line.join(",")}${extra}`);
    const { cells, played } = replay(variant, line.slice(0, ply));
    board.setPosition({ cells, lastMove: ply > base ? played[played.length - 1] : -1 });
    board.setInteractive(true, (ply % 2) + 1);
    board.showHint(-1);
    renderMoveList(moveList, line.slice(base), ply - base, (n) => go(base + n));
    analyse();
  }

  function toMoveText(turn) {
    const style = boardStyle(variant);
    return [stoneIcon(style, turn), " ", t("board.turn", { colour: colourName(style, turn) })];
  }

  function analyse() {
    if (search) search.abort();
    const mine = new AbortController();
    search = mine;
    const moves = line.slice(0, ply);
    status.replaceChildren(...toMoveText((moves.length % 2) + 1), " · ", t("board.thinking"));
    engine.clear();
    const { cells } = replay(variant, moves);
    streamAnalysis({ variant: spec, moves, multipv: LINES }, (found) => {
      if (mine.signal.aborted) return;
      status.replaceChildren(...toMoveText(found.turn), found.final ? "" : ` · ${t("board.thinking")}`);
      engine.show(found, boardStyle(variant));
      board.showHint(found.best ? strToCell(variant, found.best, cells) : -1);
      board.setInteractive(found.best !== null, found.turn);
    }, mine.signal).catch((err) => {
      if (!mine.signal.aborted) status.textContent = errorText(err.code);
    });
  }

  show(spec, line, base, ply).catch(() => show("gomoku", [], 0)).catch((err) => {
    status.textContent = errorText(err.code);
  });
  return () => {
    if (search) search.abort();
    stopKeys();
  };
}
