// HTTP calls for players, accounts and the archive (docs/protocol.md §2a-§2d). The identity
// and session are HttpOnly cookies: the page never sees them, fetch sends them.

import { ApiError, loadToken, saveToken } from "./api.js";
import { navigate } from "./router.js";

async function call(method, path, body) {
  let response;
  try {
    response = await fetch(path, {
      method,
      credentials: "same-origin",
      headers: body ? { "Content-Type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch (err) {
    throw new ApiError("network", String(err));
  }
  const data = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) {
    throw new ApiError((data && data.error) || "internal_error", data && data.message, response.status);
  }
  return data;
}

const enc = encodeURIComponent;

/** { player_id, username | null, name, ratings } */
export const me = () => call("GET", "/api/me");
export const register = (username, password) => call("POST", "/api/account/register", { username, password });
export const login = (username, password) => call("POST", "/api/account/login", { username, password });
export const logout = () => call("POST", "/api/account/logout", {});
export const changePassword = (oldPassword, newPassword) =>
  call("POST", "/api/account/password", { old_password: oldPassword, new_password: newPassword });
/** { rooms: [{ room_id, url, seat, variant, status, rated, moves, your_turn, deadline, days,
 *  opponent }] }: my unfinished games. */
export const myRooms = () => call("GET", "/api/me/rooms");
/** A token for my seat in `roomId` on this device (the creation answer's shape). */
export const resumeSeat = (roomId) => call("POST", `/api/rooms/${enc(roomId)}/resume`, {});
/** Goes to my seat in `roomId`: with this device's token, or a new one for it (my seat is mine
 *  by identity, docs/protocol.md §2a: a pairing, an accepted challenge, a game from another
 *  device). */
export async function openMySeat(roomId) {
  if (!loadToken(roomId)) saveToken(roomId, (await resumeSeat(roomId)).token);
  navigate(`/r/${enc(roomId)}`);
}
/** An archived game; `waitMs`: a game just ended is waited for that long (docs/protocol.md §2b). */
export const game = (gameId, waitMs = 0) =>
  call("GET", waitMs ? `/api/games/${enc(gameId)}?wait_ms=${waitMs}` : `/api/games/${enc(gameId)}`);
export const player = (username) => call("GET", `/api/players/${enc(username)}`);
/** { variant, players: [{ username, rating, rd, games }] }: the best established ratings. */
export const leaderboard = (variant) => call("GET", `/api/leaderboard/${enc(variant)}`);

/** A page of games, newest first: of `username`, or of whoever asks when it is null. */
export function games(username, before = null) {
  const base = username ? `/api/players/${enc(username)}/games` : "/api/me/games";
  return call("GET", before ? `${base}?before=${enc(before)}` : base);
}

/** Rating with "?" while provisional, as lichess shows it. */
// A rating change as players read it: +12, −8, ±0.
export function ratingDiff(diff) {
  return diff > 0 ? `+${diff}` : diff < 0 ? `−${-diff}` : "±0";
}

export function ratingText(rating) {
  return `${rating.rating}${rating.provisional ? "?" : ""}`;
}

let current = null;
let asking = null; // the request under way: whoever asks meanwhile shares its answer
const listeners = new Set();

/** Who this browser is (cached); refreshed after logging in or out. A page load asks from half
 * a dozen places at once: they share one request, and the listeners hear one answer. */
export function whoAmI(refresh = false) {
  if (current && !refresh) return Promise.resolve(current);
  if (asking && !refresh) return asking;
  const request = me()
    .catch(() => ({ player_id: null, username: null, rated_modes: [], ratings: {} }))
    .then((answer) => {
      if (asking !== request) return current || answer; // a refresh asked again since
      asking = null;
      current = answer;
      for (const fn of listeners) fn(current);
      return current;
    });
  asking = request;
  return request;
}

export function onWhoAmI(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
