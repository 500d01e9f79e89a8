// The room state as the server describes it (docs/protocol.md §1), and the pure function
// that applies one versioned event to it. No DOM, no network: the room controller feeds
// events in and renders what comes out.

// State fields an event may carry (docs/protocol.md §3.3): an event field with one of these
// names is that field's new value, so the page never keeps what the server has cleared.
const STATE_FIELDS = ["status", "turn", "clock", "moves", "result", "last_move_at", "started_at",
  "finished_at", "draw_offer", "takeback_request", "rematch_offer", "move_deadline",
  "forbidden", "public", "game_id", "claim_at", "phase", "opening_choices", "choices", "seats",
  "allowed", "open_seat"];

/** Returns the state after `event` (a versioned server event); the input is not changed. */
export function applyEvent(state, event) {
  if (event.type === "rematch") return { ...event.state, v: event.v };
  const next = { ...state, v: event.v };
  for (const field of STATE_FIELDS) {
    if (field in event) next[field] = Array.isArray(event[field]) ? event[field].slice() : event[field];
  }
  if (event.type === "seat_taken") {
    next.seats = { ...state.seats, [event.seat]: event.player };
  } else if (event.type === "move") {
    next.moves = [...state.moves, event.move];
  }
  return next;
}

/**
 * May the player in `seat` send `command` (a message type: "resign", "takeback_request", ...)
 * now? The server says so in the state's `allowed` (docs/protocol.md §1,
 * server/rooms/allowed.py); the page keeps no copy of the rules.
 */
export function allows(state, seat, command) {
  return Boolean(seat && state.allowed && (state.allowed[seat] || []).includes(command));
}

/** Milliseconds left on `seat`'s clock at server time `now`, or null without a clock. */
export function clockLeft(clock, seat, now) {
  if (!clock) return null;
  const base = clock.remaining[String(seat)];
  if (clock.running === seat && clock.since) return Math.max(0, base - (now - clock.since));
  return base;
}

/** "4:05", or "0:09.3" under ten seconds. */
export function formatClock(ms) {
  const total = Math.max(0, ms);
  if (total < 10000) return `0:0${(Math.floor(total / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(total / 1000);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${sec}` : `${m}:${sec}`;
}
