// What the charts share: colours from the page's CSS custom properties (read at every drawing, so
// that a theme switch shows at the next one), readable fonts, axes, and a width that follows the
// host's. This folder is a chunk of its own (loaded only by pages with charts): it
// imports nothing of the app but uPlot.

import uPlot from "uplot";

/** A chart drawn into a host, kept as wide as the host. */
export interface ChartHandle {
  /** The uPlot instance. */
  plot: uPlot;
  /** Stops following the host's width and removes the chart. */
  destroy(): void;
}

/** The value of a CSS custom property on `host`, trying each name in turn, else `fallback`. */
export function cssColour(host: Element, names: string[], fallback: string): string {
  const style = getComputedStyle(host);
  for (const name of names) {
    const value = style.getPropertyValue(name).trim();
    if (value) return value;
  }
  return fallback;
}

/** The colours of the charts, by role. */
export const colour = {
  ink: (host: Element) => cssColour(host, ["--fg", "--ink"], "#23211d"),
  muted: (host: Element) => cssColour(host, ["--muted"], "#6d6759"),
  grid: (host: Element) => cssColour(host, ["--line"], "#d9d2c3"),
  accent: (host: Element) => cssColour(host, ["--accent"], "#2f6b4f"),
  red: (host: Element) => cssColour(host, ["--red"], "#d23f31"),
  blue: (host: Element) => cssColour(host, ["--blue"], "#2f63c9"),
  marker: (host: Element) => cssColour(host, ["--last"], "#f2b632"),
};

/** The fonts of tick values and axis labels: the page's own, large enough to read. */
export const FONT = "13px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";
export const LABEL_FONT = "600 13px system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif";

/** An axis with a label, readable text in the page's colours, and optional tick texts. */
export function axis(host: Element, label: string, extra: Partial<uPlot.Axis> = {}): uPlot.Axis {
  return {
    label,
    font: FONT,
    labelFont: LABEL_FONT,
    labelSize: 22,
    stroke: () => colour.ink(host),
    grid: { stroke: () => colour.grid(host), width: 1 },
    ticks: { stroke: () => colour.grid(host), width: 1 },
    ...extra,
  };
}

/** Draws `options` with `data` into `host` at the host's width, and redraws when that changes. */
export function mount(host: HTMLElement, options: Omit<uPlot.Options, "width">, data: uPlot.AlignedData): ChartHandle {
  const width = () => Math.max(200, Math.floor(host.clientWidth || 600));
  host.replaceChildren();
  // The legend shows the last point's values until the pointer is over the chart (not uPlot's "--"),
  // and again once it leaves.
  const last = (data[0]?.length ?? 0) - 1;
  const showLast = (u: uPlot) => {
    if (last >= 0 && u.cursor.idx == null) u.setLegend({ idx: last });
  };
  const hooks = {
    ...options.hooks,
    ready: [...(options.hooks?.ready ?? []), showLast],
    setCursor: [...(options.hooks?.setCursor ?? []), showLast],
  };
  const plot = new uPlot({ ...options, hooks, width: width() } as uPlot.Options, data, host);
  const observer = new ResizeObserver(() => {
    if (width() !== plot.width) plot.setSize({ width: width(), height: options.height });
  });
  observer.observe(host);
  return {
    plot,
    destroy() {
      observer.disconnect();
      plot.destroy();
    },
  };
}

/** `css` (any CSS colour) at one fifth of its opacity, as a canvas can draw it. */
export function translucent(css: string): string {
  const context = document.createElement("canvas").getContext("2d");
  if (!context) return css;
  context.fillStyle = css;
  const normal = String(context.fillStyle);
  if (/^#[0-9a-f]{6}$/i.test(normal)) return `${normal}33`;
  return normal.replace(/^rgba?\(([^,]+),([^,]+),([^,)]+)(,[^)]*)?\)$/, "rgba($1,$2,$3,0.2)");
}
