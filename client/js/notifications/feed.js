// The player's own socket (/ws/me, docs/protocol.md §3b), one per tab: the notifications
// snapshot, then each new one live, and read marks from the player's other tabs. Reconnects
// with back-off, to any node; the snapshot it starts with holds what was missed.
//
// Events: `change` (the list or the unread count changed), `item` {item} (a new notification
// arrived live: a challenge, a game that ended, a friend who came online...), `open` (the
// socket (re)opened: pages re-read what may have changed meanwhile), and any other message
// by its type, the message as detail (`pool_paired`, `tournament`: docs/protocol.md §3b).
// A tournament's page asks the socket to carry its tournament's changes (`watchTournament`),
// said again on every reconnection.

import { onWhoAmI, whoAmI } from "../common/account_api.js";
import { backoffDelay, openSocket, startHeartbeat, stopHeartbeat } from "../common/socket.js";
import { markRead } from "./api.js";


class PlayerFeed extends EventTarget {
  constructor() {
    super();
    this.items = new Map(); // kept notifications by id
    this.unread = 0;
    this.playerId = null;
    this.who = null; // "player id/username" the socket was opened for
    this.ws = null;
    this.attempt = 0;
    this.timers = {};
    this.watched = null; // the tournament whose changes this tab wants (its page is shown)
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  /** Starts once the page knows who it is (the first /api/ answer sets the identity cookie),
   *  and again whenever that changes (logging in or out). */
  start() {
    const follow = (who) => {
      // Registering keeps the player id and adds the username: the socket is opened again,
      // so the server counts the account online.
      const key = who && who.player_id ? `${who.player_id}/${who.username || ""}` : null;
      if (!key || key === this.who) return;
      this.who = key;
      this.playerId = who.player_id;
      this.items.clear();
      this.unread = 0;
      this.emit("change");
      this.reopen();
    };
    onWhoAmI(follow);
    whoAmI().then(follow);
    window.addEventListener("online", () => this.reconnectNow());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.reconnectNow();
    });
  }

  reopen() {
    const old = this.ws;
    this.ws = null;
    if (old) old.close(1000);
    this.attempt = 0;
    this.open();
  }

  open() {
    clearTimeout(this.timers.retry);
    openSocket("/ws/me", this);
  }

  onMessage(msg) {
    if (msg.type === "welcome") {
      this.attempt = 0;
      startHeartbeat(this);
      if (this.watched) this.sendWatch();
      this.emit("open");
    } else if (msg.type === "notifications") {
      this.items = new Map(msg.items.map((item) => [item.id, item]));
      this.unread = msg.unread;
      this.emit("change");
    } else if (msg.type === "notification") {
      this.receive(msg.item);
    } else if (msg.type === "read") {
      for (const id of msg.ids) {
        const item = this.items.get(id);
        if (item) item.read = true;
      }
      this.unread = msg.unread;
      this.emit("change");
    } else if (msg.type === "pong") {
      clearTimeout(this.timers.pong);
    } else {
      this.emit(msg.type, msg); // a message of another capability (the pools' `pool_paired`)
    }
  }

  /** A live notification: kept ones once per id (it may also be in the snapshot). */
  receive(item) {
    if (item.id !== null) {
      if (this.items.has(item.id)) return;
      this.items.set(item.id, item);
      if (!item.read) this.unread += 1;
      this.emit("change");
    }
    this.emit("item", { item });
  }

  onClose(ws) {
    if (ws !== this.ws) return;
    stopHeartbeat(this);
    const delay = backoffDelay(this.attempt);
    this.attempt += 1;
    this.timers.retry = setTimeout(() => this.open(), delay);
  }

  reconnectNow() {
    if (this.ws && this.ws.readyState <= WebSocket.OPEN) return;
    if (this.playerId) this.open();
  }

  /** The kept notifications, newest first. */
  list() {
    return [...this.items.values()].sort((a, b) => b.id - a.id);
  }

  /** Carry the changes of tournament `id` (null: of none) on this tab's socket. */
  watchTournament(id) {
    if (id === this.watched) return;
    this.watched = id;
    this.sendWatch();
  }

  sendWatch() {
    if (this.ws && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(JSON.stringify({ type: "watch_tournament", id: this.watched }));
    }
  }

  /** Marks every notification read (the server tells every tab, this one included);
   *  `always`: ask even when none looks unread here (the snapshot may not have come yet). */
  async markAllRead(always = false) {
    if (!this.unread && !always) return;
    const { unread } = await markRead();
    this.unread = unread;
    for (const item of this.items.values()) item.read = true;
    this.emit("change");
  }
}

export const feed = new PlayerFeed();
