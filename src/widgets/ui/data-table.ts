import { html, type TemplateResult } from 'lit';
import { css } from './css.js';

export type Direction = 'ascending' | 'descending';

/**
 * What every table of the elements shares (standings, team statistics, player props): full width, lines between rows,
 * figures in columns, a header that stays at the top as the table scrolls, and sort buttons big enough to tap. Each
 * element sets its own cell padding and alignment after these.
 */
export const dataTableStyles = css`
  table {
    width: 100%;
    border-collapse: collapse;
    font-variant-numeric: tabular-nums;
  }
  th,
  td {
    border-bottom: 1px solid var(--_border);
  }
  thead th {
    position: sticky;
    top: 0;
    background: var(--_surface);
    font-size: 12px;
    color: var(--_muted);
  }
  th button {
    /* WCAG 2.5.8: at least 24 by 24 px to tap. */
    min-width: 24px;
    min-height: 24px;
    padding: 0 2px;
    border: 0;
    background: none;
    font: inherit;
    font-weight: 700;
    color: inherit;
    cursor: pointer;
  }
`;

/**
 * A column header that sorts the table: a button in the header cell, `aria-sort` on the cell, and an arrow shown (not
 * read: the cell's state says it) on the column sorted by. `name` is what a screen reader says when `label` is short.
 */
export function sortHeader(options: {
  label: string;
  name?: string;
  className?: string;
  sorted: boolean;
  direction: Direction;
  onSort: () => void;
}): TemplateResult {
  const { label, name = label, className = '', sorted, direction, onSort } = options;
  return html`<th scope="col" class=${className} aria-sort=${sorted ? direction : 'none'}>
    <button @click=${onSort}>
      ${name === label ? label : html`<span aria-hidden="true">${label}</span><span class="visually-hidden">${name}</span>`}<span
        aria-hidden="true"
        >${sorted ? (direction === 'ascending' ? ' ▲' : ' ▼') : ''}</span
      >
    </button>
  </th>`;
}

/** The direction after a click: the other way on the column sorted by, else the column's own first direction. */
export function nextDirection(sameColumn: boolean, current: Direction, first: Direction): Direction {
  if (!sameColumn) return first;
  return current === 'ascending' ? 'descending' : 'ascending';
}
