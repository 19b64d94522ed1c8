import { rosterOf, type Player } from './players.js';
import { createRandom, hexIdOf } from './random.js';
import type { Game, GameSnapshot } from './schedule.js';

export type StarterStatus = 'new' | 'probable' | 'at_risk' | 'unknown';

/** How long a newly seen starter stays `new` before prop markets have held him long enough to call him `probable`. */
const PROBABLE_AFTER_MS = 60 * 60_000;
/** Share of starters scratched after being announced: they go `at_risk`, and a replacement is seen later. */
const SCRATCH_RATE = 0.1;
/** A scratch is noticed this long before the game at the latest; the replacement shows up this long after. */
const REPLACEMENT_AFTER_MS = 40 * 60_000;

export interface StarterView {
  pitcher: Player | null;
  status: StarterStatus;
  firstSeenAt: number | null;
  lastSeenAt: number | null;
}

/** When each pitcher of a side appears in (and leaves) the prop markets: the timeline the statuses are read from. */
interface Sighting {
  pitcher: Player;
  firstSeenAt: number;
  /** When he stopped appearing (a scratch), or undefined while he still does. */
  goneAt?: number;
}

/** The rotation turns over by date and slot, so each game has one planned starting pitcher per side. */
function isStartingPitcher(player: Player, game: Game): boolean {
  if (player.position !== 'SP') return false;
  const turn = (Number(game.date.replaceAll('-', '')) + game.slot) % 5;
  return player.depth === turn + 1;
}

export function pitcherHand(pitcher: Player): 'R' | 'L' {
  return createRandom('throws', pitcher.playerId).chance(0.28) ? 'L' : 'R';
}

export function playerKey(pitcher: Player): string {
  return hexIdOf('pitcher', pitcher.playerId).slice(0, 12);
}

/**
 * A side's starters over time, deterministic per game: the rotation's pitcher is first seen 6 to 20 hours before the
 * first pitch; one in ten is scratched some hours later (no longer in the props: `at_risk`) and a replacement from
 * the rotation is seen 40 minutes after that. The States section's meanings follow: `new` for the first 60 minutes
 * after a sighting, `probable` once stable for 60 minutes, `at_risk` for a starter who dropped out of the props,
 * `unknown` before anyone is seen. (The spec does not show transitions; these are the sandbox's.)
 */
function sightings(game: Game, side: 'home' | 'away'): Sighting[] {
  const team = game[side];
  const rotation = rosterOf(team, 'baseball').filter((player) => player.position === 'SP');
  const planned = rotation.find((pitcher) => isStartingPitcher(pitcher, game)) ?? rotation[0]!;
  const random = createRandom('starter', game.ids.odds, side);
  const firstSeenAt = game.startMs - random.int(6 * 60, 20 * 60) * 60_000;
  if (!random.chance(SCRATCH_RATE)) return [{ pitcher: planned, firstSeenAt }];
  const goneAt = Math.min(firstSeenAt + random.int(90, 300) * 60_000, game.startMs - 2 * REPLACEMENT_AFTER_MS);
  const replacement = rotation[(rotation.indexOf(planned) + 1) % rotation.length]!;
  return [
    { pitcher: planned, firstSeenAt, goneAt },
    { pitcher: replacement, firstSeenAt: goneAt + REPLACEMENT_AFTER_MS },
  ];
}

/** The side's starter as the service reports him at `nowMs`. */
export function starterAt(game: Game, side: 'home' | 'away', nowMs: number): StarterView {
  const seen = sightings(game, side).filter((sighting) => sighting.firstSeenAt <= nowMs);
  const current = seen.at(-1);
  if (!current) return { pitcher: null, status: 'unknown', firstSeenAt: null, lastSeenAt: null };
  if (current.goneAt !== undefined && current.goneAt <= nowMs)
    return { pitcher: current.pitcher, status: 'at_risk', firstSeenAt: current.firstSeenAt, lastSeenAt: current.goneAt };
  // Once the game has started the sighting stops moving: the starter is whoever took the mound.
  const lastSeenAt = Math.min(nowMs, game.startMs);
  const status = lastSeenAt - current.firstSeenAt >= PROBABLE_AFTER_MS ? 'probable' : 'new';
  return { pitcher: current.pitcher, status, firstSeenAt: current.firstSeenAt, lastSeenAt };
}

/**
 * Whether the prop markets list this pitcher as his side's starter at the snapshot's instant: from his sighting on,
 * and no longer once scratched (which is how the service tells `at_risk`), so props and starters agree.
 */
export function isListedStarter(pitcher: Player, snap: GameSnapshot): boolean {
  const side = pitcher.team.abbreviation === snap.game.home.abbreviation ? 'home' : 'away';
  const view = starterAt(snap.game, side, snap.atMs);
  return view.pitcher?.playerId === pitcher.playerId && view.status !== 'at_risk';
}

export interface PitcherSeason {
  gamesStarted: number;
  inningsPitched: number;
  strikeouts: number;
  walks: number;
  earnedRuns: number;
  era: number;
  whip: number;
  kPerNine: number;
  /** Strikeouts per inning pitched, the strikeout predictor's input. */
  kPerIp: number;
}

/** A pitcher's season to date: starts every fifth day of the month so far, each with its own innings and strikeouts. */
export function pitcherSeason(pitcher: Player, date: string): PitcherSeason {
  const day = Number(date.slice(8, 10));
  const gamesStarted = Math.max(1, Math.floor(day / 5));
  const random = createRandom('pitcher-season', pitcher.playerId, date.slice(0, 7));
  const talent = random.normal(1, 0.18);
  const innings = gamesStarted * Math.max(4, random.normal(5.6, 0.5));
  const outs = Math.round(innings * 3);
  const inningsPitched = Math.floor(outs / 3) + (outs % 3) / 10;
  const strikeouts = Math.round(innings * 0.98 * talent);
  const walks = Math.round(innings * 0.34 * random.normal(1, 0.2));
  const earnedRuns = Math.round((innings / 9) * Math.max(1.8, random.normal(4.1, 0.8) / talent));
  const hits = Math.round(innings * random.normal(0.9, 0.1));
  const real = outs / 3;
  return {
    gamesStarted,
    inningsPitched,
    strikeouts,
    walks,
    earnedRuns,
    era: Math.round(((earnedRuns * 9) / real) * 100) / 100,
    whip: Math.round(((walks + hits) / real) * 100) / 100,
    kPerNine: Math.round(((strikeouts * 9) / real) * 10) / 10,
    kPerIp: Math.round((strikeouts / real) * 1000) / 1000,
  };
}
