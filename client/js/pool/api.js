// HTTP calls for the rated pools (docs/protocol.md §2j).

import { request } from "../common/api.js";

/** { pools: [{ id, variant, clock, waiting }] } */
export const poolList = () => request("GET", "/api/pools");
/** { pool, since, rating, window, others, paired }: my search (asking keeps my place). */
export const poolStatus = () => request("GET", "/api/pool");
export const joinPool = (pool) => request("POST", "/api/pool", { pool });
export const leavePool = () => request("DELETE", "/api/pool", {});

/** Leave the pool as the page goes away (the request outlives the page). */
export function leavePoolOnExit() {
  fetch("/api/pool", {
    method: "DELETE", keepalive: true, headers: { "Content-Type": "application/json" }, body: "{}",
  }).catch(() => {});
}

/** The pool of a game and a clock ("caro-3+2"), or null for a clock no pool has. */
export function poolIdOf(variant, clock) {
  if (!variant || !clock || clock.days) return null;
  return `${variant}-${+(clock.initial_s / 60).toFixed(2)}+${clock.increment_s}`;
}
