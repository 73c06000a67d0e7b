// The player's settings, kept per browser (localStorage `spielwerk-settings`, JSON).

/** What a player may set: theme, coordinates, sound, move confirmation, board theme. */
export interface Settings { theme: "auto"|"light"|"dark"; coordinates: boolean; sound: boolean; confirmMoves: boolean; boardTheme: string }

const KEY = "spielwerk-settings";
const DEFAULTS: Settings = { theme: "auto", coordinates: true, sound: true, confirmMoves: false, boardTheme: "classic" };

/** The settings kept in this browser, the defaults for what is not set. */
export function loadSettings(): Settings {
  try {
    return { ...DEFAULTS, ...(JSON.parse(localStorage.getItem(KEY) ?? "{}") as Partial<Settings>) };
  } catch {
    return { ...DEFAULTS };
  }
}
