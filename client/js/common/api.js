// HTTP calls to the server (docs/protocol.md §2) and the locally stored player data
// (display name, seat tokens). Failed calls throw ApiError with the server's error code.

const TOKEN_PREFIX = "caro-arena:token:";
const NAME_KEY = "caro-arena:name";

export class ApiError extends Error {
  constructor(code, message, status = 0) {
    super(message || code);
    this.code = code;
    this.status = status;
  }
}

// Requests that change something always travel as JSON, an empty body as {}: the server
// refuses any other content type for them (docs/protocol.md §2, cross-site requests).
export async function request(method, path, body) {
  const changes = method !== "GET";
  let response;
  try {
    response = await fetch(path, {
      method,
      headers: changes ? { "Content-Type": "application/json" } : {},
      body: changes ? JSON.stringify(body ?? {}) : undefined,
    });
  } catch (err) {
    throw new ApiError("network", String(err));
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    throw new ApiError((data && data.error) || "internal_error", data && data.message, response.status);
  }
  return data;
}

/** POST /api/rooms: { variant, opponent, ai_level, your_side, clock, public, name }. */
export function createRoom(options) {
  return request("POST", "/api/rooms", options);
}

/** POST /api/quickplay: { variant, clock, name }. */
export function quickPlay(options) {
  return request("POST", "/api/quickplay", options);
}

export function joinRoom(roomId, name) {
  return request("POST", `/api/rooms/${encodeURIComponent(roomId)}/join`, name ? { name } : {});
}

export async function openRooms() {
  const data = await request("GET", "/api/rooms?open=1");
  return data.rooms || [];
}

/** A GET the page asks once and shares (asked again after a failure). */
function askedOnce(path) {
  let pending = null;
  return () => {
    pending = pending || request("GET", path).catch((err) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}

/** GET /api/levels: { default, levels: [{ level, name, about, rating }] }. */
export const aiLevels = askedOnce("/api/levels");

/** GET /api/variants: { variants: [board], custom: { spec, rows, cols, k, rules } }. */
export const variantList = askedOnce("/api/variants");

/** GET /api/limits: { name, chat, username, password: [least, most] characters, clock }. */
export const inputLimits = askedOnce("/api/limits");

/** Gives `input` the server's bounds for `what` ("name", "chat", ...) once they are known. */
export function limitInput(input, what) {
  inputLimits().then((limits) => {
    [input.minLength, input.maxLength] = limits[what];
  }, () => {});
  return input;
}

/** GET /api/variants/{spec}: the board of any variant spec, a custom one too. */
export function variantBoard(spec) {
  return request("GET", `/api/variants/${encodeURIComponent(spec)}`);
}

/** Public rooms being played, for watching. */
export async function liveRooms() {
  const data = await request("GET", "/api/rooms");
  return data.rooms || [];
}

/** How many people have a room open right now, on all server nodes. */
export async function onlineCount() {
  const data = await request("GET", "/api/online");
  return data.online;
}

/** A room's game `gameNo` as a record in `format` (text, sgf or psq). */
export function exportUrl(roomId, gameNo, format = "text") {
  return `/api/rooms/${encodeURIComponent(roomId)}/export?format=${format}&game=${gameNo}`;
}

/** A finished game's record (GET /api/games/{id}/export?format=json): `gameId` an archive id
 * or a room id (its last finished game), archived or not yet. */
export function gameRecord(gameId) {
  return request("GET", `/api/games/${encodeURIComponent(gameId)}/export?format=json`);
}

/** A finished game as a record in `format` (text, sgf or psq). */
export function gameExportUrl(gameId, format) {
  return `/api/games/${encodeURIComponent(gameId)}/export?format=${format}`;
}

/** Starts (or reuses) the computer analysis of a finished game; returns its document. */
export function requestAnalysis(gameId) {
  return request("POST", `/api/games/${encodeURIComponent(gameId)}/analysis`);
}

export function gameAnalysis(gameId) {
  return request("GET", `/api/games/${encodeURIComponent(gameId)}/analysis`);
}

/**
 * The engine's lines for a position as it thinks: { variant, moves, multipv } (POST /api/analyse
 * streamed, docs/protocol.md). Calls onLine with each depth's answer (the last has final: true);
 * aborting `signal` closes the response, which stops the search on the server.
 */
export async function streamAnalysis(body, onLine, signal) {
  let response;
  try {
    response = await fetch("/api/analyse", {
      method: "POST", signal,
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ ...body, stream: true }),
    });
  } catch (err) {
    if (signal.aborted) return;
    throw new ApiError("network", String(err));
  }
  if (!response.ok) {
    const data = await response.json().catch(() => null);
    throw new ApiError((data && data.error) || "internal_error", data && data.message, response.status);
  }
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let pending = "";
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      const lines = (pending + value).split("\n");
      pending = lines.pop();
      for (const line of lines.filter(Boolean)) {
        const data = JSON.parse(line);
        if (data.error) throw new ApiError(data.error, data.message, response.status);
        onLine(data);
      }
    }
  } catch (err) {
    if (signal.aborted) return;
    throw err instanceof ApiError ? err : new ApiError("network", String(err));
  }
}

/** The puzzles cut from an archived game: [{ id, ply, goal }], by ply (GET
 * /api/puzzles/from-game/{id}); none while it has not been mined. */
export async function gamePuzzles(gameId) {
  const data = await request("GET", `/api/puzzles/from-game/${encodeURIComponent(gameId)}`);
  return data.puzzles;
}

/** A pasted or loaded record as { variant, moves, ... }: { format, text, variant? }. */
export function importRecord(body) {
  return request("POST", "/api/import", body);
}

/** Stores the seat token that a create/join/welcome answer handed out. */
export function saveToken(roomId, token) {
  if (token) localStorage.setItem(TOKEN_PREFIX + roomId, token);
}

export function loadToken(roomId) {
  return localStorage.getItem(TOKEN_PREFIX + roomId);
}

export function forgetToken(roomId) {
  localStorage.removeItem(TOKEN_PREFIX + roomId);
}

/** The display name: trimmed (its field takes the server's limit), or "" when unset. */
export function loadName() {
  return (localStorage.getItem(NAME_KEY) || "").trim();
}

export function saveName(name) {
  const clean = name.trim();
  if (clean) localStorage.setItem(NAME_KEY, clean);
  else localStorage.removeItem(NAME_KEY);
  return clean;
}
