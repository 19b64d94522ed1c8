import type { TemplateResult } from 'lit';
import type { StandingsPayload } from '../../../contract/season.js';

export type Row = StandingsPayload['rows'][number];

export type SortKey = 'team' | 'wins' | 'losses' | 'ties' | 'pct' | 'pointsFor' | 'pointsAgainst' | 'played' | 'goalDifference' | 'points';

/** One column of the table after place and team: sortable by `key` when it has one; `className` hides it when narrow. */
export interface Column {
  key?: SortKey;
  label: string;
  /** What a screen reader says for the label, when the label is an abbreviation. */
  name?: string;
  className?: string;
  cell(row: Row): TemplateResult | string;
  /** Kept left to right in right-to-left text: a decimal (.750) or a signed number (+5). */
  isolated?: boolean;
  /** What the column sorts by, when that is not a field of the row. */
  sortValue?(row: Row): number;
}
