// The room state as the server describes it (docs/protocol.md §1), and the pure function
// that applies one versioned event to it. No DOM, no network: the room controller feeds
// events in and renders what comes out.

const CHAT_KEEP = 50;

/** Returns the state after `event` (a versioned server event); the input is not changed. */
export function applyEvent(state, event) {
  const next = { ...state, v: event.v };
  switch (event.type) {
    case "seat_taken":
      next.seats = { ...state.seats, [event.seat]: event.player };
      break;
    case "game_started":
      next.status = "playing";
      next.clock = event.clock;
      next.turn = event.turn;
      next.forbidden = [];
      break;
    case "move":
      next.moves = [...state.moves, event.move];
      next.turn = event.turn;
      next.clock = event.clock;
      next.forbidden = event.forbidden || [];
      next.draw_offer = null;
      next.takeback_request = null;
      break;
    case "game_over":
      next.status = "finished";
      next.forbidden = [];
      next.result = event.result;
      next.clock = event.clock;
      next.draw_offer = null;
      next.takeback_request = null;
      break;
    case "draw_offered":
      next.draw_offer = event.seat;
      break;
    case "draw_declined":
      next.draw_offer = null;
      break;
    case "takeback_requested":
      next.takeback_request = event.seat;
      break;
    case "takeback_declined":
      next.takeback_request = null;
      break;
    case "takeback":
      next.moves = event.moves.slice();
      next.turn = event.turn;
      next.clock = event.clock;
      next.forbidden = event.forbidden || [];
      next.takeback_request = null;
      break;
    case "rematch_offered":
      next.rematch_offer = event.seat;
      break;
    case "rematch_declined":
      next.rematch_offer = null;
      break;
    case "rematch":
      return { ...event.state, v: event.v };
    case "chat":
      next.chat = [...(state.chat || []), { from: event.from, text: event.text, ts: event.ts }].slice(-CHAT_KEEP);
      break;
    default:
      break;
  }
  return next;
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
