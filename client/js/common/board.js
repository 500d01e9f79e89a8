// The board component: draws a position and reports the player's clicks, taps and key
// presses as `move` events. It knows nothing about rooms or the network (the app feeds
// it positions and listens for moves), like lichess' chessground.

import { cellName, colLetter, landingCell } from "./notation.js";
import { boardStyle, drawBackground, drawFrame, drawPiece, geometry, svgEl } from "./board_svg.js";

let boardCounter = 0;

/**
 * new Board(container, variant, { describe }) — `describe(name, content)` turns a cell name
 * and its content (0, 1, 2) into the spoken label of the cell ("h8, black").
 * Events: `move` with detail { cell }; `preview` { cell } when a phone tap only previews;
 * `forbidden` { cell } when the player picks a point the rules forbid (renju: marked by the
 * server, never worked out here).
 */
export class Board extends EventTarget {
  constructor(container, variant, { describe, label } = {}) {
    super();
    boardCounter += 1;
    this.uid = `b${boardCounter}`;
    this.variant = variant;
    this.describe = describe || ((name, content) => `${name}, ${["empty", "first", "second"][content]}`);
    this.style = boardStyle(variant);
    this.g = geometry(variant, this.style);
    this.cells = new Array(variant.rows * variant.cols).fill(0);
    this.forbidden = new Set();
    this.interactive = false;
    this.toMove = 1;
    this.cursor = this.centreCell();
    this.pendingTap = -1;
    this.build(container, label || "Board");
  }

  centreCell() {
    const { rows, cols } = this.variant;
    return Math.floor((rows - 1) / 2) * cols + Math.floor(cols / 2);
  }

  build(container, label) {
    const { g, variant } = this;
    this.root = document.createElement("div");
    this.root.className = `board board-${this.style}`;
    this.root.tabIndex = 0;
    this.root.setAttribute("role", "grid");
    this.root.setAttribute("aria-label", label);
    const svg = svgEl("svg", {
      viewBox: `0 0 ${g.width} ${g.height}`, class: "board-svg",
      preserveAspectRatio: "xMidYMid meet",
    });
    this.svg = svg;
    const letters = Array.from({ length: variant.cols }, (_, c) => colLetter(c));
    this.bgLayer = svgEl("g", { class: "layer-bg", "aria-hidden": "true" }, svg);
    drawBackground(svg, this.bgLayer, g, variant, this.uid, letters);
    this.underLayer = svgEl("g", { class: "layer-under", "aria-hidden": "true" }, svg);
    this.hoverLayer = svgEl("g", { class: "layer-hover", "aria-hidden": "true" }, svg);
    this.pieceLayer = svgEl("g", { class: "layer-pieces", "aria-hidden": "true" }, svg);
    if (this.style === "drop") drawFrame(svgEl("g", { class: "layer-frame", "aria-hidden": "true" }, svg), g, this.uid);
    this.markLayer = svgEl("g", { class: "layer-marks", "aria-hidden": "true" }, svg);
    this.cursorEl = svgEl("rect", { class: "cursor", width: g.s, height: g.s, rx: 6 }, this.markLayer);
    this.hitLayer = svgEl("g", { class: "layer-hit" }, svg);
    this.hits = [];
    for (let row = variant.rows - 1; row >= 0; row -= 1) {
      const rowEl = svgEl("g", { role: "row" }, this.hitLayer);
      for (let col = 0; col < variant.cols; col += 1) {
        const cell = row * variant.cols + col;
        const hit = svgEl("rect", {
          x: g.x(col) - g.s / 2, y: g.y(row) - g.s / 2, width: g.s, height: g.s,
          class: "hit", role: "gridcell", id: `${this.uid}-c${cell}`, "data-cell": cell,
        }, rowEl);
        this.hits[cell] = hit;
      }
    }
    this.root.appendChild(svg);
    container.appendChild(this.root);
    this.refreshLabels();
    this.placeCursor();
    this.bindInput();
  }

  bindInput() {
    this.root.addEventListener("pointermove", (e) => {
      if (e.pointerType !== "mouse") return;
      this.showGhost(this.cellFromEvent(e));
    });
    this.root.addEventListener("pointerleave", () => this.showGhost(-1));
    this.root.addEventListener("click", (e) => this.onTap(e));
    this.root.addEventListener("keydown", (e) => this.onKey(e));
    this.root.addEventListener("focus", () => this.placeCursor());
  }

  /** The cell a pointer event points at (for gravity games: the column's landing cell). */
  cellFromEvent(e) {
    const ctm = this.svg.getScreenCTM();
    if (!ctm) return -1;
    const pt = new DOMPoint(e.clientX, e.clientY).matrixTransform(ctm.inverse());
    const { g, variant } = this;
    const col = Math.round((pt.x - g.x(0)) / g.s);
    if (col < 0 || col >= variant.cols) return -1;
    if (variant.gravity) return landingCell(variant, this.cells, col);
    const row = Math.round((g.y(0) - pt.y) / g.s);
    if (row < 0 || row >= variant.rows) return -1;
    return row * variant.cols + col;
  }

  /** Rendered size of one cell in CSS pixels; small cells need a confirming second tap. */
  cellPixels() {
    const rect = this.svg.getBoundingClientRect();
    return rect.width ? (rect.width / this.g.width) * this.g.s : this.g.s;
  }

  onTap(e) {
    const cell = this.cellFromEvent(e);
    if (this.refuseForbidden(cell) || cell < 0 || !this.canPlay(cell)) return;
    const touch = e.pointerType === "touch" || (e.sourceCapabilities && e.sourceCapabilities.firesTouchEvents);
    if (touch && this.cellPixels() < 30 && this.pendingTap !== cell) {
      // On a small phone board a single tap only previews; tapping the same point confirms.
      this.pendingTap = cell;
      this.showGhost(cell);
      this.dispatchEvent(new CustomEvent("preview", { detail: { cell } }));
      return;
    }
    this.pendingTap = -1;
    this.emitMove(cell);
  }

  onKey(e) {
    const { rows, cols, gravity } = this.variant;
    let row = Math.floor(this.cursor / cols);
    let col = this.cursor % cols;
    const steps = { ArrowLeft: [0, -1], ArrowRight: [0, 1], ArrowUp: [1, 0], ArrowDown: [-1, 0] };
    if (steps[e.key]) {
      e.preventDefault();
      const [dr, dc] = steps[e.key];
      col = Math.min(cols - 1, Math.max(0, col + dc));
      row = gravity ? row : Math.min(rows - 1, Math.max(0, row + dr));
      this.cursor = row * cols + col;
      if (gravity) {
        const landing = landingCell(this.variant, this.cells, col);
        this.cursor = landing >= 0 ? landing : (rows - 1) * cols + col;
      }
      this.placeCursor();
      this.showGhost(this.interactive ? this.cursor : -1);
    } else if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      const cell = gravity ? landingCell(this.variant, this.cells, col) : this.cursor;
      if (!this.refuseForbidden(cell) && this.canPlay(cell)) this.emitMove(cell);
    }
  }

  canPlay(cell) {
    return this.interactive && cell >= 0 && !this.cells[cell] && !this.forbidden.has(cell);
  }

  /** A forbidden point picked while the player may move: say so instead of playing it. */
  refuseForbidden(cell) {
    if (!this.interactive || !this.forbidden.has(cell)) return false;
    this.dispatchEvent(new CustomEvent("forbidden", { detail: { cell } }));
    return true;
  }

  emitMove(cell) {
    this.showGhost(-1);
    this.dispatchEvent(new CustomEvent("move", { detail: { cell } }));
  }

  placeCursor() {
    const { g, variant } = this;
    const row = Math.floor(this.cursor / variant.cols);
    const col = this.cursor % variant.cols;
    this.cursorEl.setAttribute("x", g.x(col) - g.s / 2);
    this.cursorEl.setAttribute("y", g.y(row) - g.s / 2);
    this.root.setAttribute("aria-activedescendant", `${this.uid}-c${this.cursor}`);
  }

  showGhost(cell) {
    this.hoverLayer.replaceChildren();
    if (cell < 0 || !this.canPlay(cell)) return;
    const { g, variant } = this;
    const col = cell % variant.cols;
    if (this.style === "drop") {
      svgEl("rect", {
        x: g.x(col) - g.s / 2, y: g.padTop, width: g.s, height: variant.rows * g.s + 12, class: "column-hover",
      }, this.hoverLayer);
      drawPiece(this.hoverLayer, g, this.uid, this.toMove, g.x(col), g.padTop / 2, "ghost");
      return;
    }
    const row = Math.floor(cell / variant.cols);
    drawPiece(this.hoverLayer, g, this.uid, this.toMove, g.x(col), g.y(row), "ghost");
  }

  /** Whether the player may move now, and with which colour the ghost is drawn. */
  setInteractive(interactive, toMove = this.toMove) {
    this.interactive = interactive;
    this.toMove = toMove;
    this.pendingTap = -1;
    this.root.classList.toggle("is-interactive", interactive);
    if (!interactive) this.showGhost(-1);
  }

  /**
   * Shows a position: cells (0/1/2 per cell), the last move, the winning line, a row the rule
   * did not count (`voidLine`, e.g. a caro five blocked at both ends: crossed out), the points
   * the side to move may not play (`forbidden`, cells). When `animate` is set and the last move
   * is a gravity drop, the disc falls into place.
   */
  setPosition({ cells, lastMove = -1, winLine = [], voidLine = [], forbidden = [],
    animate = false }) {
    const { g, variant } = this;
    this.cells = cells.slice();
    this.forbidden = new Set(forbidden);
    this.pieceLayer.replaceChildren();
    for (let cell = 0; cell < cells.length; cell += 1) {
      if (!cells[cell]) continue;
      const row = Math.floor(cell / variant.cols);
      const col = cell % variant.cols;
      const piece = drawPiece(this.pieceLayer, g, this.uid, cells[cell], g.x(col), g.y(row), cell === lastMove ? "last" : "");
      if (cell === lastMove && animate) this.animateIn(piece, row);
    }
    this.drawMarks(lastMove, winLine, voidLine);
    this.refreshLabels();
    this.showGhost(-1);
    this.pendingTap = -1;
  }

  animateIn(piece, row) {
    if (window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    let animation;
    if (this.style === "drop") {
      const fall = this.g.y(row) - this.g.padTop / 2;
      animation = piece.animate(
        [{ transform: `translateY(${-fall}px)` }, { transform: "translateY(0)" }],
        { duration: 180 + fall * 0.9, easing: "cubic-bezier(.5,0,1,1)" },
      );
    } else {
      animation = piece.animate([{ opacity: 0 }, { opacity: 1 }], { duration: 160, easing: "ease-out" });
    }
    // The last-move mark and a winning line appear once the piece has landed.
    this.markLayer.classList.add("is-waiting");
    const reveal = () => this.markLayer.classList.remove("is-waiting");
    animation.finished.then(reveal, reveal);
  }

  drawMarks(lastMove, winLine, voidLine) {
    const { g, variant } = this;
    const keep = this.cursorEl;
    this.markLayer.replaceChildren(keep);
    this.underLayer.replaceChildren();
    const centre = (cell) => [g.x(cell % variant.cols), g.y(Math.floor(cell / variant.cols))];
    if (lastMove >= 0 && !winLine.length) {
      const [cx, cy] = centre(lastMove);
      if (this.style === "cells") {
        svgEl("rect", { x: cx - g.s / 2 + 2, y: cy - g.s / 2 + 2, width: g.s - 4, height: g.s - 4, class: "last-cell" }, this.underLayer);
      } else {
        svgEl("circle", { cx, cy, r: g.radius * 0.28, class: `last-dot on-p${this.cells[lastMove]}` }, this.markLayer);
      }
    }
    for (const cell of this.forbidden) {
      const [cx, cy] = centre(cell);
      const r = g.radius * 0.4;
      svgEl("path", {
        d: `M${cx - r} ${cy - r}L${cx + r} ${cy + r}M${cx + r} ${cy - r}L${cx - r} ${cy + r}`,
        class: "forbidden-mark", "data-cell": cell,
      }, this.markLayer);
    }
    const line = (cells, kind) => {
      const ends = [...cells].sort((a, b) => a - b);
      const [x1, y1] = centre(ends[0]);
      const [x2, y2] = centre(ends[ends.length - 1]);
      for (const cell of cells) {
        const [cx, cy] = centre(cell);
        svgEl("circle", { cx, cy, r: g.radius + 3, class: `${kind}-ring` }, this.markLayer);
      }
      svgEl("line", { x1, y1, x2, y2, class: `${kind}-line` }, this.markLayer);
    };
    if (winLine.length) line(winLine, "win");
    else if (voidLine.length) line(voidLine, "void");
    this.root.classList.toggle("has-win", winLine.length > 0);
    this.root.classList.toggle("has-void", !winLine.length && voidLine.length > 0);
  }

  /** Rings `cell` as a hint (the engine's best move on the review page); -1 clears it. */
  showHint(cell) {
    this.markLayer.querySelectorAll(".hint").forEach((node) => node.remove());
    if (cell < 0) return;
    const { g, variant } = this;
    const col = cell % variant.cols;
    const row = Math.floor(cell / variant.cols);
    svgEl("circle", { cx: g.x(col), cy: g.y(row), r: g.radius * 0.9, class: "hint", "data-cell": cellName(variant, cell) }, this.markLayer);
  }

  refreshLabels() {
    this.hits.forEach((hit, cell) => {
      const content = this.forbidden.has(cell) ? "forbidden" : this.cells[cell];
      hit.setAttribute("aria-label", this.describe(cellName(this.variant, cell), content));
    });
  }

  /** Re-labels cells after the language changed. */
  setDescribe(describe, label) {
    this.describe = describe;
    if (label) this.root.setAttribute("aria-label", label);
    this.refreshLabels();
  }

  focus() {
    this.root.focus();
  }

  destroy() {
    this.root.remove();
  }
}
