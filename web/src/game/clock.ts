// The game clock's text and its warning state.

/** Milliseconds left as `m:ss`, rounded up to the second (never below 0:00). */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(total / 60);
  const seconds = total % 60;
  return `${minutes}:${String(seconds).padStart(2, "0")}`;
}

/**
 * The class of a clock showing `ms` left of a base time `initialMs`: low below 20 seconds or a
 * tenth of the base time, and then pulsing while it runs.
 */
export function clockClass(ms: number, initialMs: number, running: boolean): string {
  const low = ms < Math.max(20_000, initialMs / 10);
  return `clock${low ? " low" : ""}${low && running ? " pulse" : ""}`;
}

/**
 * A time control in short, as lists show it: "5+3" (minutes and seconds a move), under a minute
 * the base time in seconds, "18s+0".
 */
export function shortClock(initialMs: number, incrementMs: number): string {
  const base = initialMs < 60_000 ? `${Math.round(initialMs / 1000)}s` : `${initialMs / 60000}`;
  return `${base}+${Math.round(incrementMs / 1000)}`;
}
