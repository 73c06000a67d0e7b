// The move sounds: a short beep for a move, a lower double tone for a capture, switched off per
// browser.

let audio: AudioContext | null = null;

/** Whether this browser has the sound switched off. */
export function muted(): boolean {
  return localStorage.getItem("spielwerk.muted") === "1";
}

/** Switches the sound off (true) or on. */
export function setMuted(value: boolean): void {
  localStorage.setItem("spielwerk.muted", value ? "1" : "0");
}

/** The sound's volume in this browser, 0 to 100 percent (100 until set). */
export function volume(): number {
  const stored = Number(localStorage.getItem("spielwerk.volume") ?? "100");
  return Number.isFinite(stored) ? Math.max(0, Math.min(100, Math.round(stored))) : 100;
}

/** Sets the sound's volume, 0 to 100 percent. */
export function setVolume(value: number): void {
  localStorage.setItem("spielwerk.volume", String(Math.max(0, Math.min(100, Math.round(value)))));
}

/** One tone of `frequency` Hz from `start` (the context's time) for `length` seconds, fading out. */
function tone(context: AudioContext, frequency: number, start: number, length: number): void {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.2 * loudness(), start);
  gain.gain.exponentialRampToValueAtTime(0.001, start + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(start);
  oscillator.stop(start + length);
}

/** The volume as a gain factor, 0 to 1. */
function loudness(): number {
  return volume() / 100;
}

/** Plays `frequencies` one after the other, `length` seconds each, unless muted; browsers allow sound only once the person has used the page. */
function play(frequencies: number[], length: number): void {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  if (muted() || loudness() === 0 || !activation?.hasBeenActive) return;
  audio ??= new AudioContext();
  const context = audio;
  frequencies.forEach((frequency, i) => {
    tone(context, frequency, context.currentTime + i * length, length);
  });
}

/** The move sound: a short beep, unless muted. */
export function beep(): void {
  play([880], 0.15);
}

/** The capture sound: two lower tones, falling, unless muted. */
export function captureBeep(): void {
  play([440, 330], 0.1);
}
