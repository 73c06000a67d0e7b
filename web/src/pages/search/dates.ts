// The search's dates: the filters' fields are the browser's date fields (their value is the
// YYYY-MM-DD the API takes); a found game's day is written as the profile writes dates.

/**
 * The day of the time `ms` as the profile writes dates ("Dec 4, 2026" / "04.12.2026"), taken in UTC
 * as the API's filters count days, so that a game is found on the day shown.
 */
export function dayText(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" }).format(new Date(ms));
}

/** The filter's value of a date field's value: a `YYYY-MM-DD` day, or nothing (the field cleared or half typed). */
export function dayFilter(value: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : "";
}
