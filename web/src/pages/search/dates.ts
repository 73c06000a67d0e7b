// The search's dates as a person types them: "2026-12-03" or, as Germans write it, "3.12.2026";
// the API takes the first. Text fields instead of the browser's date fields, whose format follows
// the browser's language, not the page's ("mm/dd/yyyy" on the German page).

/** `YYYY-MM-DD` of a day that exists, from `YYYY-MM-DD` or `D.M.YYYY` (leading zeros optional); else null. */
export function parseDay(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const german = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(trimmed);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : german ? [german[3], german[2], german[1]] : [];
  if (!year || !month || !day) return null;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  )
    return null;
  return `${year}-${month.padStart(2, "0")}-${day.padStart(2, "0")}`;
}

/** How the field shows a filter's day: `TT.MM.JJJJ` in German, `YYYY-MM-DD` in English; text that is no day as it is. */
export function dayField(value: string, language: string): string {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return day && language === "de" ? `${day[3]}.${day[2]}.${day[1]}` : value;
}

/**
 * The day of the time `ms` as the search writes days, in the table as in the fields (see
 * `dayField`): the day in UTC, as the API's filters count days, so a game is found on its day.
 */
export function dayText(ms: number, language: string): string {
  return dayField(new Date(ms).toISOString().slice(0, 10), language);
}
