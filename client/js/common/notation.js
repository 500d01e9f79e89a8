// Move notation shared with the engine (docs/architecture.md), on a board the server describes
// (a room's `board`, or GET /api/variants: client/js/common/variants.js):
// a cell index is row * cols + col, row 0 is the BOTTOM row, col 0 the left column.
// Grid games write a move as column letter + row number ("h8"); gravity games as the
// column number 1..cols ("4").

const LETTERS = "abcdefghijklmnopqrstuvwxy";

export function colLetter(col) {
  return LETTERS[col];
}

/** Notation of a cell ("h8", or "4" for gravity games). */
export function cellToStr(variant, cell) {
  const row = Math.floor(cell / variant.cols);
  const col = cell % variant.cols;
  if (variant.gravity) return String(col + 1);
  return `${LETTERS[col]}${row + 1}`;
}

/** Coordinate name of a cell regardless of gravity ("d1"), used for labels. */
export function cellName(variant, cell) {
  const row = Math.floor(cell / variant.cols);
  const col = cell % variant.cols;
  return `${LETTERS[col]}${row + 1}`;
}

/**
 * Cell index of a move in notation. Gravity moves need the occupied cells to find the
 * landing row. Returns -1 for text that is not a move on this board.
 */
export function strToCell(variant, text, cells) {
  const t = String(text).trim().toLowerCase();
  if (variant.gravity && /^\d+$/.test(t)) {
    const col = Number.parseInt(t, 10) - 1;
    if (!(col >= 0 && col < variant.cols) || String(col + 1) !== t) return -1;
    return landingCell(variant, cells, col);
  }
  const m = /^([a-y])(\d{1,2})$/.exec(t);
  if (!m) return -1;
  const col = LETTERS.indexOf(m[1]);
  const row = Number.parseInt(m[2], 10) - 1;
  if (col >= variant.cols || row < 0 || row >= variant.rows) return -1;
  return row * variant.cols + col;
}

/** Lowest empty cell of a column, or -1 when the column is full. */
export function landingCell(variant, cells, col) {
  for (let row = 0; row < variant.rows; row += 1) {
    const cell = row * variant.cols + col;
    if (!cells[cell]) return cell;
  }
  return -1;
}

/**
 * Replays a game given in notation (or as cell indices) and returns the cell contents
 * (0 empty, 1 first player, 2 second player) and the cell of every move.
 */
export function replay(variant, moves) {
  const cells = new Array(variant.rows * variant.cols).fill(0);
  const played = [];
  moves.forEach((move, i) => {
    const cell = typeof move === "number" ? move : strToCell(variant, move, cells);
    if (cell < 0 || cells[cell]) return;
    cells[cell] = (i % 2) + 1;
    played.push(cell);
  });
  return { cells, played };
}
