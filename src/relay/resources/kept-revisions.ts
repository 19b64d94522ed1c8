import type { MatchupColors, Team } from '../../contract/common.js';
import { CONTRACT_REVISION } from '../../contract/version.js';
import { matchupColors, onPrimaryColor } from './team-colors.js';

// A kept answer is stored with the contract revision it was built under and brought up to today's revision when it is
// read, so that an element of any later release draws it whole. Every revision's additions are listed in
// contract/version.ts; only those an element needs to draw (not optional extras) are filled in here.

type Json = Record<string, unknown>;

const isTeam = (value: unknown): value is Omit<Team, 'onPrimaryColor'> & Partial<Team> =>
  typeof value === 'object' && value !== null && 'abbreviation' in value && 'primaryColor' in value;

/** Revision 1: every team's `onPrimaryColor`, and the matchup `colors` of a game header and a win-probability curve. */
function addTeamColors(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(addTeamColors);
  if (typeof value !== 'object' || value === null) return value;
  const copy: Json = {};
  for (const [name, field] of Object.entries(value)) copy[name] = addTeamColors(field);
  if (isTeam(copy) && copy.onPrimaryColor === undefined) copy.onPrimaryColor = onPrimaryColor(copy.primaryColor);
  return copy;
}

function addMatchupColors(payload: Json): Json {
  if (payload.colors !== undefined) return payload;
  const game = payload.game as { home?: { team?: Team }; away?: { team?: Team } } | undefined;
  const home = (game?.home?.team ?? payload.home) as Team | undefined;
  const away = (game?.away?.team ?? payload.away) as Team | undefined;
  if (!isTeam(home) || !isTeam(away)) return payload;
  const colors: MatchupColors = matchupColors(away, home);
  return { ...payload, colors };
}

const UPGRADES: ReadonlyArray<{ to: number; upgrade(payload: Json): Json }> = [
  { to: 1, upgrade: (payload) => addMatchupColors(addTeamColors(payload) as Json) },
  // Revisions 2 to 7 added fields an element reads only when present (soccer minutes, MMA bouts, a game's bet state,
  // an empty betting slate's next game day…).
];

/** A payload kept under `revision`, as today's elements read it. */
export function upgradeKept(payload: Json, revision: number): Json {
  let upgraded = payload;
  for (const step of UPGRADES) if (revision < step.to && step.to <= CONTRACT_REVISION) upgraded = step.upgrade(upgraded);
  return upgraded;
}
