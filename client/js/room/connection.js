// One WebSocket to a room (docs/protocol.md §3): hello with the stored seat token,
// versioned events in order (duplicates dropped, gaps re-synced), reconnection with
// exponential backoff and jitter, and client ids on commands. Knows nothing about the DOM.
//
// Events dispatched: `status` {state, retryIn}, `welcome` {msg}, `snapshot` {state},
// `event` {event}, `presence` {msg}, `seat` {msg}, `ai_status` {msg}, `chat` {msg} (a line or a
// `chat_history`), `servererror` {code, cid}, `fatal` {code}.

import { forgetToken, loadToken, saveToken } from "../common/api.js";
import { backoffDelay, openSocket, startHeartbeat, stopHeartbeat } from "../common/socket.js";

let cidCounter = 0;

export class RoomConnection extends EventTarget {
  constructor(roomId, { name = "", watch = false } = {}) {
    super();
    this.roomId = roomId;
    this.name = name;
    this.watch = watch;
    this.lastV = null;
    this.attempt = 0;
    this.ws = null;
    this.closed = false;
    this.ready = false;
    this.timers = {};
    // A phone that comes back online or back to the foreground retries at once instead of
    // waiting out its backoff.
    this.onOnline = () => this.reconnectNow();
    this.onVisible = () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    };
    window.addEventListener("online", this.onOnline);
    document.addEventListener("visibilitychange", this.onVisible);
  }

  start() {
    this.open();
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  setStatus(state, retryIn = 0) {
    this.status = state;
    this.emit("status", { state, retryIn });
  }

  open() {
    clearTimeout(this.timers.retry);
    if (this.closed) return;
    this.setStatus(this.lastV === null ? "connecting" : "reconnecting");
    const ws = openSocket(`/ws/${encodeURIComponent(this.roomId)}`, this);
    this.ready = false;
    ws.addEventListener("open", () => {
      const hello = { type: "hello" };
      const token = loadToken(this.roomId);
      if (token) hello.token = token;
      if (this.lastV !== null) hello.v = this.lastV;
      if (this.name) hello.name = this.name;
      if (this.watch && !token) hello.watch = true;
      ws.send(JSON.stringify(hello));
    });
  }

  onMessage(msg) {
    switch (msg.type) {
      case "welcome":
        if (msg.token) saveToken(this.roomId, msg.token);
        this.attempt = 0;
        this.ready = true;
        this.emit("welcome", { msg });
        this.setStatus("online");
        startHeartbeat(this);
        break;
      case "snapshot":
        this.syncing = false;
        this.lastV = msg.v;
        this.emit("snapshot", { state: { ...msg.state, v: msg.v } });
        break;
      case "presence":
      case "seat":
      case "ai_status":
        this.emit(msg.type, { msg });
        break;
      case "chat":
      case "chat_history":
        // A chat line with a `v` is a room event of a node from before chat left the event
        // log (a rolling upgrade): it counts as a version, or the next event looks like a gap.
        if (typeof msg.v === "number") this.onEvent(msg);
        else this.emit("chat", { msg });
        break;
      case "error":
        this.emit("servererror", { code: msg.code, cid: msg.cid, message: msg.message });
        break;
      case "pong":
        clearTimeout(this.timers.pong);
        break;
      default:
        if (typeof msg.v === "number") this.onEvent(msg);
    }
  }

  onEvent(event) {
    if (this.lastV === null || event.v <= this.lastV) return; // duplicate
    if (event.v > this.lastV + 1) {
      // A gap: ask once for what was missed; later events arrive again with the answer.
      if (!this.syncing) this.syncing = this.sendRaw({ type: "sync", v: this.lastV });
      return;
    }
    this.syncing = false;
    this.lastV = event.v;
    this.emit("event", { event });
  }

  onClose(ws, code) {
    if (ws !== this.ws) return;
    this.ready = false;
    stopHeartbeat(this);
    if (this.closed) return;
    if (code === 4404) {
      this.closed = true;
      this.setStatus("offline");
      this.emit("fatal", { code: "room_not_found" });
      return;
    }
    if (code === 4401 && loadToken(this.roomId)) {
      // The stored token no longer matches a seat: forget it and watch instead.
      forgetToken(this.roomId);
      this.watch = true;
      this.emit("servererror", { code: "bad_token" });
    }
    this.scheduleReconnect();
  }

  scheduleReconnect() {
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.setStatus(navigator.onLine === false ? "offline" : "reconnecting", delay);
    this.timers.retry = setTimeout(() => this.open(), delay);
  }

  /** Reconnects at once without watching: the hello then claims the seat of the stored token. */
  takeSeat() {
    this.watch = false;
    const old = this.ws;
    this.ws = null;
    if (old) old.close(1000);
    this.open();
  }

  reconnectNow() {
    if (this.closed || this.ready) return;
    this.attempt = 0;
    const pending = this.ws && this.ws.readyState <= WebSocket.OPEN; // connecting or saying hello
    if (!pending) this.open();
  }

  sendRaw(msg) {
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  /** Sends a command with a fresh client id; returns the id, or null while disconnected. */
  send(type, fields = {}) {
    if (!this.ready) return null;
    cidCounter += 1;
    const cid = `c${cidCounter}-${Math.random().toString(36).slice(2, 8)}`;
    return this.sendRaw({ type, ...fields, cid }) ? cid : null;
  }

  close() {
    this.closed = true;
    stopHeartbeat(this);
    clearTimeout(this.timers.retry);
    window.removeEventListener("online", this.onOnline);
    document.removeEventListener("visibilitychange", this.onVisible);
    if (this.ws) this.ws.close(1000);
  }
}
