// The move sound: a short beep, switched off per browser.

let audio: AudioContext | null = null;

/** Whether this browser has the sound switched off. */
export function muted(): boolean {
  return localStorage.getItem("spielwerk.muted") === "1";
}

/** Switches the sound off (true) or on. */
export function setMuted(value: boolean): void {
  localStorage.setItem("spielwerk.muted", value ? "1" : "0");
}

/** A short beep, unless muted; browsers allow sound only once the person has used the page. */
export function beep(): void {
  const activation = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation;
  if (muted() || !activation?.hasBeenActive) return;
  audio ??= new AudioContext();
  const tone = audio.createOscillator();
  const volume = audio.createGain();
  tone.frequency.value = 880;
  volume.gain.setValueAtTime(0.2, audio.currentTime);
  volume.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.15);
  tone.connect(volume).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.15);
}
