// Fetching a tournament page's data again when the lobby socket says it changed: changes come in
// bursts (a pairing, then its game's start), so fetches are coalesced.

/**
 * `fetch` made coalescing: called while a fetch is under way, it fetches once more after it (not
 * once per call), so that the page ends with the latest data without a request per change.
 */
export function coalesced(fetch: () => Promise<unknown>): () => void {
  let running = false;
  let again = false;
  const run = (): void => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    fetch().finally(() => {
      running = false;
      if (again) {
        again = false;
        run();
      }
    });
  };
  return run;
}
