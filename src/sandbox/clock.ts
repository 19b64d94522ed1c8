/** Where a clock stands and how fast it runs: `at` was its time when the machine's wall clock read `wall`. */
export interface ClockReading {
  at: number;
  wall: number;
  rate: number;
}

/**
 * The sandbox's notion of now. By default it follows the wall clock; tests set it, advance it or freeze it,
 * and `rate` speeds it up (a rate of 60 plays a minute of games per wall-clock second).
 */
export class SandboxClock {
  private anchorMs: number;
  private anchorWallMs: number;
  private currentRate: number;
  private readonly listeners: Array<(reading: ClockReading) => void> = [];

  constructor(
    options: { now?: number; rate?: number } = {},
    private readonly wall: () => number = Date.now,
  ) {
    this.anchorWallMs = wall();
    this.anchorMs = options.now ?? this.anchorWallMs;
    this.currentRate = options.rate ?? 1;
  }

  now(): number {
    return Math.round(this.anchorMs + (this.wall() - this.anchorWallMs) * this.currentRate);
  }

  get rate(): number {
    return this.currentRate;
  }

  set(ms: number): void {
    this.anchorMs = ms;
    this.anchorWallMs = this.wall();
    this.changed();
  }

  advance(ms: number): void {
    this.set(this.now() + ms);
  }

  /** 0 freezes the clock, 1 is real time. */
  setRate(rate: number): void {
    this.anchorMs = this.now();
    this.anchorWallMs = this.wall();
    this.currentRate = rate;
    this.changed();
  }

  /** For another process of this machine (same wall clock) to run on this clock: `follow` it there. */
  reading(): ClockReading {
    return { at: this.anchorMs, wall: this.anchorWallMs, rate: this.currentRate };
  }

  follow(reading: ClockReading): void {
    this.anchorMs = reading.at;
    this.anchorWallMs = reading.wall;
    this.currentRate = reading.rate;
    this.changed();
  }

  /** Called after every set, advance, rate change or follow: a jump others must learn of. */
  onChange(listener: (reading: ClockReading) => void): void {
    this.listeners.push(listener);
  }

  private changed(): void {
    const reading = this.reading();
    for (const listener of this.listeners) listener(reading);
  }
}
