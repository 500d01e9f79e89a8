// Short sounds made in code with WebAudio (no sound files): a move, your turn, someone
// joined, a win, a loss, another ending, low time. The mute switch is remembered by the
// browser. Sounds never carry information that is not also on screen.

const MUTE_KEY = "caro-arena:mute";

// Each sound: notes of [frequency Hz, start s, length s], a waveform and a loudness.
const SOUNDS = {
  move: { wave: "triangle", gain: 0.25, notes: [[660, 0, 0.07]] },
  turn: { wave: "sine", gain: 0.22, notes: [[523, 0, 0.09], [784, 0.1, 0.12]] },
  join: { wave: "sine", gain: 0.2, notes: [[440, 0, 0.09], [554, 0.1, 0.09], [659, 0.2, 0.14]] },
  win: { wave: "triangle", gain: 0.22, notes: [[523, 0, 0.1], [659, 0.11, 0.1], [784, 0.22, 0.1], [1047, 0.33, 0.3]] },
  loss: { wave: "sine", gain: 0.22, notes: [[392, 0, 0.18], [330, 0.2, 0.18], [262, 0.4, 0.35]] },
  end: { wave: "sine", gain: 0.2, notes: [[523, 0, 0.15], [523, 0.2, 0.25]] },
  lowtime: { wave: "square", gain: 0.08, notes: [[880, 0, 0.06], [880, 0.12, 0.06]] },
};

let context = null;
const listeners = new Set();

export function isMuted() {
  return localStorage.getItem(MUTE_KEY) === "1";
}

export function setMuted(muted) {
  if (muted) localStorage.setItem(MUTE_KEY, "1");
  else localStorage.removeItem(MUTE_KEY);
  for (const fn of listeners) fn(muted);
}

/** Calls `fn(muted)` after every change of the switch. */
export function onMuteChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Plays the sound `name` (a key of SOUNDS) unless muted or the browser has no WebAudio. */
export function playSound(name) {
  const sound = SOUNDS[name];
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!sound || isMuted() || !Context) return;
  if (!context) context = new Context();
  if (context.state === "suspended") context.resume().catch(() => {});
  const t0 = context.currentTime + 0.01;
  for (const [freq, start, length] of sound.notes) {
    const osc = context.createOscillator();
    const gain = context.createGain();
    osc.type = sound.wave;
    osc.frequency.value = freq;
    // A quick rise and an exponential fall: no clicks at either end.
    gain.gain.setValueAtTime(0.0001, t0 + start);
    gain.gain.exponentialRampToValueAtTime(sound.gain, t0 + start + 0.012);
    gain.gain.exponentialRampToValueAtTime(0.0001, t0 + start + length);
    osc.connect(gain).connect(context.destination);
    osc.start(t0 + start);
    osc.stop(t0 + start + length + 0.02);
  }
}
