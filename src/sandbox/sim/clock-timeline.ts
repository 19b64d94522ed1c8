import type { GameScript, PlayState, ScoreEvent } from './types.js';

export interface BreakSpec {
  units: number;
  segment: 'end' | 'halftime' | 'intermission';
  label: string;
}

export interface PeriodSpec {
  number: number;
  seconds: number;
  /** Ordinal label: `1st`, `OT`, `2OT`, `SO`. */
  label: string;
  /** How the period reads before the clock in `display`: `Q3`, `2nd Half`, `OT`. */
  displayPrefix: string;
  breakAfter?: BreakSpec;
  /** College football overtime and hockey shootouts have no clock. */
  untimed?: boolean;
  /** Defaults to `play`. */
  segment?: string;
}

interface PlacedPeriod extends PeriodSpec {
  start: number;
}

function capitalise(word: string): string {
  return word[0]!.toUpperCase() + word.slice(1);
}

function formatClock(secondsLeft: number): string {
  const whole = Math.max(0, Math.ceil(secondsLeft));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * Periods laid end to end with their breaks, for sports played against a clock
 * (basketball, football, hockey). Sport modules append periods and events, then `finish`.
 */
export class ClockTimeline {
  private readonly periods: PlacedPeriod[] = [];
  private readonly events: ScoreEvent[] = [];
  private cursor = 0;
  private regulationUnits = 0;
  private regulationPlay = 0;

  addPeriod(spec: Omit<PeriodSpec, 'breakAfter'>): PlacedPeriod {
    const placed = { ...spec, start: this.cursor };
    this.periods.push(placed);
    this.cursor += spec.seconds;
    return placed;
  }

  /** A pause after the last period added (between quarters, halftime, before overtime). */
  addBreak(pause: BreakSpec): void {
    this.periods.at(-1)!.breakAfter = pause;
    this.cursor += pause.units;
  }

  addEvent(event: ScoreEvent): void {
    this.events.push(event);
  }

  /** Marks everything so far as regulation: the planned wall duration is stretched over it. */
  closeRegulation(): void {
    this.regulationUnits = this.cursor;
    this.regulationPlay = this.periods.reduce((sum, period) => sum + period.seconds, 0);
  }

  score(): { home: number; away: number } {
    const score = { home: 0, away: 0 };
    for (const event of this.events) score[event.side] += event.points;
    return score;
  }

  /** `endUnit` defaults to the end of the last period's play (its trailing break is not part of the game). */
  finish(endUnit?: number): GameScript {
    const periods = [...this.periods];
    const last = periods.at(-1)!;
    const end = endUnit ?? last.start + last.seconds;
    const events = this.events.filter((event) => event.at <= end).sort((a, b) => a.at - b.at);
    const regulationUnits = this.regulationUnits || end;
    const regulationPlay = this.regulationPlay || end;
    const regulationCount = periods.filter((period) => period.start < regulationUnits).length;

    const stateAt = (unit: number): PlayState => {
      const at = Math.min(Math.max(unit, 0), end);
      let period = periods[0]!;
      for (const candidate of periods) if (candidate.start <= at) period = candidate;
      const into = at - period.start;
      if (into < period.seconds || !period.breakAfter || at >= end) {
        const clock = period.untimed ? undefined : formatClock(period.seconds - Math.min(into, period.seconds));
        return {
          period: period.number,
          periodLabel: period.label,
          segment: period.segment ?? 'play',
          segmentLabel: capitalise(period.segment ?? 'play'),
          ...(clock === undefined ? {} : { clock }),
          display: clock === undefined ? period.displayPrefix : `${period.displayPrefix} ${clock}`,
        };
      }
      const pause = period.breakAfter;
      return {
        period: period.number,
        periodLabel: period.label,
        segment: pause.segment,
        segmentLabel: capitalise(pause.segment),
        clock: '0:00',
        display: pause.label,
      };
    };

    const playedShare = (unit: number): number => {
      let played = 0;
      for (const period of periods.slice(0, regulationCount)) {
        played += Math.min(period.seconds, Math.max(0, unit - period.start));
      }
      return Math.min(1, played / regulationPlay);
    };

    return { regulationUnits, endUnit: end, events, stateAt, playedShare };
  }
}

/** Distinct random instants inside a period's play, sorted. */
export function instantsIn(start: number, seconds: number, count: number, next: () => number): number[] {
  const instants: number[] = [];
  for (let i = 0; i < count; i++) instants.push(start + 1 + Math.floor(next() * (seconds - 2)));
  return instants.sort((a, b) => a - b);
}
