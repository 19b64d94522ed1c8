import { GIVEN_NAMES, SURNAMES } from './data/names.js';
import type { Sport, Team } from './leagues.js';
import { createRandom, seedOf } from './random.js';

export interface Player {
  playerId: string;
  name: string;
  team: Team;
  position: string;
  /** Depth at the position: 1 is the starter. */
  depth: number;
  jerseyNumber: string;
}

const POSITIONS: Record<Sport, readonly string[]> = {
  basketball: ['PG', 'SG', 'SF', 'PF', 'C', 'PG', 'SG', 'SF', 'PF', 'C', 'SG', 'F'],
  football: [
    'QB',
    'QB',
    'RB',
    'RB',
    'WR',
    'WR',
    'WR',
    'WR',
    'TE',
    'TE',
    'OL',
    'OL',
    'OL',
    'OL',
    'OL',
    'DE',
    'DE',
    'DT',
    'DT',
    'LB',
    'LB',
    'LB',
    'CB',
    'CB',
    'CB',
    'S',
    'S',
    'K',
    'P',
  ],
  hockey: ['C', 'C', 'C', 'C', 'LW', 'LW', 'LW', 'LW', 'RW', 'RW', 'RW', 'RW', 'D', 'D', 'D', 'D', 'D', 'D', 'G', 'G'],
  baseball: [
    'SP',
    'SP',
    'SP',
    'SP',
    'SP',
    'RP',
    'RP',
    'RP',
    'RP',
    'RP',
    'RP',
    'RP',
    'C',
    'C',
    '1B',
    '2B',
    '3B',
    'SS',
    'LF',
    'CF',
    'RF',
    'DH',
    'IF',
    'OF',
  ],
  // MLS roster positions as clubs list them: goalkeeper, defender, midfielder, forward.
  soccer: ['GK', 'GK', 'D', 'D', 'D', 'D', 'D', 'D', 'D', 'M', 'M', 'M', 'M', 'M', 'M', 'M', 'F', 'F', 'F', 'F', 'F'],
  mma: [],
};

const rosterCache = new Map<string, Player[]>();

/** A team's synthetic roster, the same on every call and every machine. */
export function rosterOf(team: Team, sport: Sport): Player[] {
  const key = `${team.league}:${team.abbreviation}`;
  const cached = rosterCache.get(key);
  if (cached) return cached;
  const random = createRandom('roster', key);
  const used = new Set<string>();
  const jerseys = new Set<number>();
  const seenAtPosition = new Map<string, number>();
  const roster = POSITIONS[sport].map((position, slot) => {
    let name: string;
    do name = `${random.pick(GIVEN_NAMES)} ${random.pick(SURNAMES)}`;
    while (used.has(name));
    used.add(name);
    let jersey: number;
    do jersey = random.int(0, 99);
    while (jerseys.has(jersey));
    jerseys.add(jersey);
    const depth = (seenAtPosition.get(position) ?? 0) + 1;
    seenAtPosition.set(position, depth);
    return {
      playerId: `p${seedOf('player', key, slot).toString(36)}`,
      name,
      team,
      position,
      depth,
      jerseyNumber: String(jersey),
    };
  });
  rosterCache.set(key, roster);
  return roster;
}
