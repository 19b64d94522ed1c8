import { css, html, LitElement, nothing, type PropertyValues } from 'lit';
import type uPlotType from 'uplot';
import type { UsageSummary } from './api.js';
import { count, day } from './format.js';
import { consoleStyles } from './styles.js';

/** Distinct in light and dark, and told apart by the legend's names, not colour alone. */
const PALETTE = ['#2563eb', '#d97706', '#059669', '#db2777', '#7c3aed', '#0891b2', '#65a30d', '#dc2626', '#6b7280', '#92400e'];
const HEIGHT = 260;

/**
 * Loads per day for the last 31 days, stacked by route or origin: a uPlot chart (loaded on first use) and the same
 * numbers as a table, for screen readers and for anyone who prefers to read them.
 */
export class UsageChart extends LitElement {
  static override properties = { usage: { attribute: false } };
  static override styles = [
    ...consoleStyles,
    css`
      .plot {
        min-height: ${HEIGHT + 40}px;
        overflow: hidden;
      }
      details {
        margin-top: 8px;
      }
      .table {
        overflow-x: auto;
      }
      td.number,
      th.number {
        text-align: end;
        font-variant-numeric: tabular-nums;
      }
    `,
  ];

  usage?: UsageSummary;
  #plot?: uPlotType;
  #resize = new ResizeObserver(() => this.#plot?.setSize({ width: this.#width(), height: HEIGHT }));

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.#resize.disconnect();
    this.#plot?.destroy();
    this.#plot = undefined;
  }

  #width(): number {
    // Before layout the box may measure 0: start narrow, and the resize observer widens it (never wider than the page).
    return Math.max(240, this.renderRoot.querySelector('.plot')?.clientWidth ?? 0);
  }

  protected override async updated(changed: PropertyValues): Promise<void> {
    if (!changed.has('usage') || !this.usage) return;
    const { uPlot, chartSheet } = await import('./chart-engine.js');
    const root = this.renderRoot as ShadowRoot;
    if (!root.adoptedStyleSheets.includes(chartSheet())) root.adoptedStyleSheets = [...root.adoptedStyleSheets, chartSheet()];
    const target = root.querySelector<HTMLElement>('.plot')!;
    this.#plot?.destroy();
    const { days, series } = this.usage;
    const x = days.map((entry) => Date.parse(`${entry.day}T12:00:00Z`) / 1000);
    // Stacked by drawing each series' running total, the tallest first: each bar covers the ones below it.
    const totals = series.map((_, index) => days.map((entry) => entry.loads.slice(0, index + 1).reduce((sum, value) => sum + value, 0)));
    const order = series.map((_, index) => series.length - 1 - index);
    const bars = uPlot.paths.bars!({ size: [0.7, 40] });
    this.#plot = new uPlot(
      {
        width: this.#width(),
        height: HEIGHT,
        scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(4, max * 1.1)] } },
        axes: [
          { stroke: 'currentColor', grid: { stroke: 'rgb(128 128 128 / 0.25)' } },
          { stroke: 'currentColor', grid: { stroke: 'rgb(128 128 128 / 0.25)' }, values: (_u, ticks) => ticks.map((tick) => count(tick)) },
        ],
        series: [
          { label: 'Day', value: (_u, value) => (value == null ? '—' : day(new Date(value * 1000).toISOString().slice(0, 10))) },
          ...order.map((index) => ({
            label: series[index],
            fill: PALETTE[index % PALETTE.length],
            stroke: PALETTE[index % PALETTE.length],
            paths: bars,
            points: { show: false },
            // The legend shows the series' own loads, not the running total drawn.
            value: (_u: uPlotType, _value: number | null, _series: number, at: number | null) =>
              at == null ? '—' : count(days[at]!.loads[index]!),
          })),
        ],
      },
      [x, ...order.map((index) => totals[index]!)],
      target,
    );
    this.#resize.observe(target);
  }

  #summary(usage: UsageSummary): string {
    const perDay = usage.days.map((entry) => entry.loads.reduce((sum, value) => sum + value, 0));
    const total = perDay.reduce((sum, value) => sum + value, 0);
    const peak = Math.max(...perDay);
    const peakDay = usage.days[perDay.indexOf(peak)]!.day;
    return total
      ? `Loads per day over the last 31 days: ${count(total)} in all, the most on ${day(peakDay)} (${count(peak)}).`
      : 'No loads in the last 31 days.';
  }

  override render() {
    const usage = this.usage;
    if (!usage) return nothing;
    return html`<div class="plot" role="img" aria-label=${this.#summary(usage)}></div>
      <details>
        <summary>Loads per day as a table</summary>
        <div class="table">
          <table>
            <caption class="visually-hidden">
              ${this.#summary(usage)}
            </caption>
            <thead>
              <tr>
                <th scope="col">Day (UTC)</th>
                ${usage.series.map((name) => html`<th scope="col" class="number">${name}</th>`)}
                <th scope="col" class="number">All</th>
              </tr>
            </thead>
            <tbody>
              ${usage.days.map(
                (entry) =>
                  html`<tr>
                    <th scope="row">${day(entry.day)}</th>
                    ${entry.loads.map((value) => html`<td class="number">${count(value)}</td>`)}
                    <td class="number">${count(entry.loads.reduce((sum, value) => sum + value, 0))}</td>
                  </tr>`,
              )}
            </tbody>
          </table>
        </div>
      </details>`;
  }
}

customElements.define('pb-usage-chart', UsageChart);

declare global {
  interface HTMLElementTagNameMap {
    'pb-usage-chart': UsageChart;
  }
}
