// Telling a board when the position it shows changed, so that it drops a half-made move.

/** The props every board's `update` receives that `positionTracker` compares. */
export interface TrackedProps {
  view: unknown;
  interactive: boolean;
}

/**
 * A function telling, for each new set of board props, whether it shows another position (or
 * another right to move) than the props before — when a board drops a half-made move.
 */
export function positionTracker(): (props: TrackedProps) => boolean {
  let key: string | null = null;
  return (props) => {
    const next = JSON.stringify(props.view) + props.interactive;
    const changed = next !== key;
    key = next;
    return changed;
  };
}
