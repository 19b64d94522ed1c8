import { html, svg, type TemplateResult } from 'lit';
import { cssProps } from '../../ui/css-props.js';

export interface ChartPoint {
  at: number;
  /** Home team's chance, 0 to 1. */
  home: number;
}

export interface ChartOptions {
  colour: string;
  label: (at: number) => string;
  /** Names the chart for screen readers. */
  description: string;
  /** The time axis' name ("Game time"). */
  axisName: string;
  /** A chance as the locale writes a percentage. */
  percent: (share: number) => string;
}

/**
 * The home team's chance over the game, 0% at the bottom, 100% at the top; times along the bottom. The plot stretches
 * to any width (its strokes do not scale); the axis labels are text beside it, so they keep their size on a phone.
 */
export function probabilityChart(points: readonly ChartPoint[], options: ChartOptions): TemplateResult {
  const first = points[0]?.at ?? 0;
  const last = points.at(-1)?.at ?? first;
  const span = Math.max(1, last - first);
  const x = (at: number) => (points.length === 1 ? 50 : ((at - first) / span) * 100);
  const y = (home: number) => (1 - home) * 100;
  const path = points.map((point, i) => `${i === 0 ? 'M' : 'L'}${x(point.at).toFixed(2)},${y(point.home).toFixed(2)}`).join(' ');
  const end = points.at(-1);
  return html`<div class="plot">
      <div class="y-axis" aria-hidden="true">
        <span>${options.percent(1)}</span><span>${options.percent(0.5)}</span><span>${options.percent(0)}</span>
      </div>
      <div class="area">
        <svg viewBox="0 0 100 100" preserveAspectRatio="none" role="img" aria-label=${options.description}>
          <line class="grid" x1="0" x2="100" y1="0" y2="0"></line>
          <line class="even" x1="0" x2="100" y1="50" y2="50"></line>
          <line class="grid" x1="0" x2="100" y1="100" y2="100"></line>
          ${points.length > 1 ? svg`<path class="halo" d=${path}></path><path class="curve" d=${path} stroke=${options.colour}></path>` : ''}
        </svg>
        ${
          // The latest point, a round dot over the stretched plot: WebKit stretches an SVG round cap with the plot.
          end
            ? html`<span
                class="end"
                style=${cssProps({ '--_x': `${x(end.at)}%`, '--_y': `${y(end.home)}%`, '--_dot': options.colour })}
              ></span>`
            : ''
        }
      </div>
    </div>
    <div class="x-axis" aria-hidden="true">
      <span>${points.length > 0 ? options.label(first) : ''}</span><span>${options.axisName}</span
      ><span>${points.length > 1 ? options.label(last) : ''}</span>
    </div>`;
}

export interface Swing {
  from: ChartPoint;
  to: ChartPoint;
}

/** The largest move between two consecutive points, or undefined with fewer than two. */
export function biggestSwing(points: readonly ChartPoint[]): Swing | undefined {
  let best: Swing | undefined;
  for (let i = 1; i < points.length; i++) {
    const move = Math.abs(points[i]!.home - points[i - 1]!.home);
    if (!best || move > Math.abs(best.to.home - best.from.home)) best = { from: points[i - 1]!, to: points[i]! };
  }
  return best;
}
