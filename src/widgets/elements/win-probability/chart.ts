import { svg, type SVGTemplateResult } from 'lit';

export interface ChartPoint {
  at: number;
  /** Home team's chance, 0 to 1. */
  home: number;
}

export interface ChartOptions {
  colour: string;
  label: (at: number) => string;
}

const WIDTH = 960;
const HEIGHT = 170;
const LEFT = 40;
const BOTTOM = 22;

/** The home team's chance over the game, 0% at the bottom, 100% at the top; times along the bottom. */
export function probabilityChart(points: readonly ChartPoint[], options: ChartOptions): SVGTemplateResult {
  const first = points[0]?.at ?? 0;
  const last = points.at(-1)?.at ?? first;
  const span = Math.max(1, last - first);
  const plotWidth = WIDTH - LEFT - 8;
  const plotHeight = HEIGHT - BOTTOM - 6;
  const x = (at: number) => (points.length === 1 ? LEFT + plotWidth / 2 : LEFT + ((at - first) / span) * plotWidth);
  const y = (home: number) => 6 + (1 - home) * plotHeight;
  const path = points.map((point, i) => `${i === 0 ? 'M' : 'L'}${x(point.at).toFixed(1)},${y(point.home).toFixed(1)}`).join(' ');
  const end = points.at(-1);
  return svg`
    <line class="grid" x1=${LEFT} x2=${WIDTH - 8} y1=${y(1)} y2=${y(1)}></line>
    <line class="even" x1=${LEFT} x2=${WIDTH - 8} y1=${y(0.5)} y2=${y(0.5)}></line>
    <line class="grid" x1=${LEFT} x2=${WIDTH - 8} y1=${y(0)} y2=${y(0)}></line>
    <text class="axis" x=${LEFT - 6} y=${y(1) + 4} text-anchor="end">100%</text>
    <text class="axis" x=${LEFT - 6} y=${y(0.5) + 4} text-anchor="end">50%</text>
    <text class="axis" x=${LEFT - 6} y=${y(0) + 4} text-anchor="end">0%</text>
    ${points.length > 0 ? svg`<text class="axis" x=${LEFT} y=${HEIGHT - 4} text-anchor="start">${options.label(first)}</text>` : ''}
    ${points.length > 1 ? svg`<text class="axis" x=${WIDTH - 8} y=${HEIGHT - 4} text-anchor="end">${options.label(last)}</text>` : ''}
    <text class="axis" x=${LEFT + plotWidth / 2} y=${HEIGHT - 4} text-anchor="middle">Game time</text>
    ${points.length > 1 ? svg`<path class="halo" d=${path}></path><path class="curve" d=${path} stroke=${options.colour}></path>` : ''}
    ${end ? svg`<circle cx=${x(end.at)} cy=${y(end.home)} r="5" fill=${options.colour} stroke="currentColor" stroke-width="1.5"></circle>` : ''}
  `;
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

export const CHART_VIEWBOX = `0 0 ${WIDTH} ${HEIGHT}`;
