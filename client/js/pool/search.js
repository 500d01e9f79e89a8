// A search in a rated pool, from this tab: join, then go to the game, seated, once paired: told
// at once on the player's socket (`pool_paired`, docs/protocol.md §3b), or found by asking every
// POLL_MS (which also keeps the player's place while the socket is down, §2j). Joins again if
// the server dropped the search.
//
// Events: `change` { status } (the server's answer: pool, since, rating, window, others), `end`
// { reason: "paired" | "cancelled" | "error", code? }.

import { ApiError } from "../common/api.js";
import { openMySeat } from "../common/account_api.js";
import { feed } from "../notifications/feed.js";
import { joinPool, leavePool, leavePoolOnExit, poolStatus } from "./api.js";

const POLL_MS = 5000;

export class PoolSearch extends EventTarget {
  constructor() {
    super();
    this.pool = null;
    this.status = null;
    this.timer = null;
    this.onExit = () => leavePoolOnExit();
    this.onPaired = (event) => {
      if (this.active) this.go(event.detail.paired.room_id);
    };
  }

  get active() {
    return this.pool !== null;
  }

  emit(type, detail) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  async start(pool) {
    this.stopTimer();
    this.pool = pool;
    window.addEventListener("pagehide", this.onExit);
    feed.addEventListener("pool_paired", this.onPaired);
    try {
      this.show(await joinPool(pool));
      this.schedule();
    } catch (err) {
      this.end("error", err instanceof ApiError ? err.code : "internal_error");
    }
  }

  schedule() {
    this.timer = setTimeout(() => this.poll(), POLL_MS);
  }

  async poll() {
    if (!this.active) return;
    try {
      const status = await poolStatus();
      if (!this.active) return;
      if (status.paired) {
        await this.go(status.paired.room_id);
        return;
      }
      this.show(status.pool ? status : await joinPool(this.pool));
    } catch {
      // A lost request: the next one asks again (the place is kept for 20 s).
    }
    if (this.active) this.schedule();
  }

  async go(roomId) {
    this.end("paired");
    await openMySeat(roomId);
  }

  show(status) {
    this.status = status;
    this.emit("change", { status });
  }

  /** Stop searching (the Cancel button, or the page going away). */
  cancel() {
    if (!this.active) return;
    this.end("cancelled");
    leavePool().catch(() => {});
  }

  end(reason, code = null) {
    this.stopTimer();
    this.pool = null;
    window.removeEventListener("pagehide", this.onExit);
    feed.removeEventListener("pool_paired", this.onPaired);
    this.emit("end", { reason, code });
  }

  stopTimer() {
    clearTimeout(this.timer);
    this.timer = null;
  }
}
