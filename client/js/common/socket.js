// What the room socket and the player's own socket share: opening a WebSocket to this
// server, and the waits before reconnecting (exponential back-off with jitter, so a node's
// restart does not bring every tab back at the same instant).

const BACKOFF_BASE_MS = 500;
const BACKOFF_MAX_MS = 15000;

/** The wait before reconnection attempt number `attempt` (0 for the first). */
export function backoffDelay(attempt) {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + Math.random() * (ceiling / 2));
}

/**
 * A WebSocket to `path` on this server: `owner.onMessage(msg)` gets each message parsed (text
 * that is no JSON is dropped) while `owner.ws` is still this socket, `owner.onClose(ws, code)`
 * its end. Sets and returns `owner.ws`.
 */
export function openSocket(path, owner) {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}${path}`);
  owner.ws = ws;
  ws.addEventListener("message", (e) => {
    if (ws !== owner.ws) return;
    let msg;
    try {
      msg = JSON.parse(e.data);
    } catch {
      return;
    }
    owner.onMessage(msg);
  });
  ws.addEventListener("close", (e) => owner.onClose(ws, e.code));
  ws.addEventListener("error", () => {});
  return ws;
}

const PING_EVERY_MS = 20000;
const PONG_TIMEOUT_MS = 8000;

/** A switched network can leave a socket that looks open but is dead: `owner.ws` is pinged
 *  every 20 s, and closed (so the reconnect path takes over) when no pong comes within 8 s.
 *  The owner clears `owner.timers.pong` when a pong arrives. */
export function startHeartbeat(owner) {
  stopHeartbeat(owner);
  owner.timers.ping = setInterval(() => {
    if (!owner.ws || owner.ws.readyState !== WebSocket.OPEN) return;
    owner.ws.send(JSON.stringify({ type: "ping" }));
    clearTimeout(owner.timers.pong);
    owner.timers.pong = setTimeout(() => owner.ws && owner.ws.close(), PONG_TIMEOUT_MS);
  }, PING_EVERY_MS);
}

export function stopHeartbeat(owner) {
  clearInterval(owner.timers.ping);
  clearTimeout(owner.timers.pong);
}
