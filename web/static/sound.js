// Sounds, made with Web Audio (no files): a short knock for each move, a
// beep a second when a player's time runs low. One switch turns them
// off, remembered in local storage.

const KEY = "reversi-sound";
let ctx = null;

// soundOn says whether sounds are on (the default).
export function soundOn() {
  try { return localStorage.getItem(KEY) !== "off"; } catch (_) { return true; }
}

export function setSound(on) {
  try { localStorage.setItem(KEY, on ? "on" : "off"); } catch (_) {}
}

// tone plays a note of freq hertz for seconds, fading out.
function tone(freq, seconds, type = "sine", volume = 0.2) {
  if (!soundOn()) return;
  try {
    ctx ??= new AudioContext();
    if (ctx.state === "suspended") ctx.resume();
    const o = ctx.createOscillator(), g = ctx.createGain(), now = ctx.currentTime;
    o.type = type;
    o.frequency.setValueAtTime(freq, now);
    g.gain.setValueAtTime(volume, now);
    g.gain.exponentialRampToValueAtTime(0.001, now + seconds);
    o.connect(g).connect(ctx.destination);
    o.start(now);
    o.stop(now + seconds);
  } catch (_) {} // no audio here: silence
}

// MOVE and LOW are the notes of a move and of a low clock.
export const MOVE = 180, LOW = 880;

export const moveSound = () => tone(MOVE, 0.09, "triangle", 0.35);
export const lowTimeSound = () => tone(LOW, 0.15, "square", 0.08);
