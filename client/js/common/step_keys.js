// The keys that step through a game's moves, as on lichess: ← and → one move, Home / ↑ the
// start and End / ↓ the end. They do not also scroll the page, and they are left alone while
// a field or a playable board has the keyboard (a name box, the chat, the import text).

const STEPS = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", ArrowUp: "first", End: "last", ArrowDown: "last" };

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable
    || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
}

/** Calls `step(kind)` ("first", "prev", "next", "last") on those keys; returns a function
 * that stops listening. */
export function stepKeys(step) {
  const onKey = (e) => {
    const kind = STEPS[e.key];
    // (defaultPrevented: a board that has the keyboard moved its cursor with the arrow)
    if (!kind || e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey || typing(e.target)) return;
    e.preventDefault();
    step(kind);
  };
  document.addEventListener("keydown", onKey);
  return () => document.removeEventListener("keydown", onKey);
}
