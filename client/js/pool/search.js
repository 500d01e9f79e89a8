// A search in a rated pool, from this tab: join, ask every POLL_MS (that keeps the player's
// place: a page that stops asking has left, docs/protocol.md §2i), and once paired go to the
// game, seated. Joins again if the server dropped the search (asking was held up too long).
//
// Events: `change` { status } (the server's answer: pool, since, rating, window, others), `end`
// { reason: "paired" | "cancelled" | "error", code? }.

import { ApiError } from "../common/api.js";
import { openMySeat } from "../common/account_api.js";
import { joinPool, leavePool, leavePoolOnExit, poolStatus } from "./api.js";

const POLL_MS = 3000;

export class PoolSearch extends EventTarget {
  constructor() {
    super();
    this.pool = null;
    this.status = null;
    this.timer = null;
    this.onExit = () => leavePoolOnExit();
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
        this.end("paired");
        await openMySeat(status.paired.room_id);
        return;
      }
      this.show(status.pool ? status : await joinPool(this.pool));
    } catch {
      // A lost request: the next one asks again (the place is kept for 20 s).
    }
    if (this.active) this.schedule();
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
    this.emit("end", { reason, code });
  }

  stopTimer() {
    clearTimeout(this.timer);
    this.timer = null;
  }
}
