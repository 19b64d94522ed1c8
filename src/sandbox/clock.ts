/**
 * The sandbox's notion of now. By default it follows the wall clock; tests set it, advance it or freeze it,
 * and `rate` speeds it up (a rate of 60 plays a minute of games per wall-clock second).
 */
export class SandboxClock {
  private anchorMs: number;
  private anchorWallMs: number;
  private currentRate: number;

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
  }

  advance(ms: number): void {
    this.set(this.now() + ms);
  }

  /** 0 freezes the clock, 1 is real time. */
  setRate(rate: number): void {
    this.set(this.now());
    this.currentRate = rate;
  }
}
