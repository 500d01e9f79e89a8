// The boards of the variants as the server describes them: the named ones from
// GET /api/variants (asked once), any other spec from GET /api/variants/{spec}. The page keeps
// no table of variants and does not read spec strings: each board is asked for once and kept.

import { variantBoard, variantList } from "./api.js";

const known = new Map(); // spec -> board, once the server has described it
const asked = new Map(); // spec -> Promise of the board (null: the server says it is no variant)

/** The board of `spec` ({ name, rows, cols, k, gravity, rule }), or null for no variant. */
export function boardOf(spec) {
  if (!asked.has(spec)) {
    const answer = variantList()
      .then((list) => list.variants.find((v) => v.name === spec) || variantBoard(spec))
      .then((board) => {
        known.set(spec, board);
        return board;
      }, (err) => {
        if (err.code === "bad_variant") return null;
        asked.delete(spec); // a network failure: ask again next time
        throw err;
      });
    asked.set(spec, answer);
  }
  return asked.get(spec);
}

/** The board of `spec` when the server has already described it, else null. */
export function knownBoard(spec) {
  return known.get(spec) || null;
}
