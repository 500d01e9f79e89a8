// The puzzle routes of docs/protocol.md §2i. The server judges every move and keeps the
// attempt; the page only shows what it answers (the solution comes once the attempt ended).

import { request } from "../common/api.js";

const base = (id) => `/api/puzzles/${encodeURIComponent(id)}`;

/** GET /api/puzzles/next: { variant, theme, streak } (each optional). */
export function nextPuzzle({ variant, theme, streak } = {}) {
  const query = new URLSearchParams();
  if (variant) query.set("variant", variant);
  if (theme) query.set("theme", theme);
  if (streak !== undefined && streak !== null) query.set("streak", String(streak));
  const text = query.toString();
  return request("GET", `/api/puzzles/next${text ? `?${text}` : ""}`);
}

export function puzzleById(id) {
  return request("GET", base(id));
}

export function dailyPuzzle() {
  return request("GET", "/api/puzzles/daily");
}

/** POST /api/puzzles/{id}/move: the attempt's moves so far, then the new one. */
export function sendMoves(id, moves) {
  return request("POST", `${base(id)}/move`, { moves });
}

export function giveUp(id) {
  return request("POST", `${base(id)}/give-up`);
}

export function solution(id) {
  return request("GET", `${base(id)}/solution`);
}

/** GET /api/puzzles/history: the player's attempts, newest first. */
export function history(before = null, limit = 10) {
  const query = new URLSearchParams({ limit: String(limit) });
  if (before !== null) query.set("before", String(before));
  return request("GET", `/api/puzzles/history?${query}`);
}
