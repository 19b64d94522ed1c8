import type { Team } from '../../contract/common.js';
import type { Cached } from '../cache/resource-cache.js';
import type { CachedUpstream } from '../upstream/cached.js';
import type { Teams } from '../upstream/schemas.js';
import { onPrimaryColor } from './team-colors.js';

const HEX_COLOUR = /^#?[0-9a-fA-F]{6}$/;

function colour(value: string | undefined): string | null {
  if (!value || !HEX_COLOUR.test(value)) return null;
  return (value.startsWith('#') ? value : `#${value}`).toUpperCase();
}

export interface TeamDirectory {
  cached: Cached<Teams> | undefined;
  /** The league's team for an abbreviation, or one built from what the caller knows. */
  team(abbreviation: string | undefined, fallbackName?: string): Team;
  /** Whether the league has this team; true when the directory could not be read (nothing to check against). */
  knows(abbreviation: string): boolean;
}

/** Team names and colours come from /teams (cached for hours); other answers are joined to it by abbreviation. */
export async function teamDirectory(upstream: CachedUpstream, league: string): Promise<TeamDirectory> {
  const cached = await upstream.teams(league).catch(() => undefined);
  const byAbbreviation = new Map<string, Team>();
  for (const row of cached?.value.data ?? []) {
    const primaryColor = colour(row.primaryColor);
    byAbbreviation.set(row.abbreviation.toUpperCase(), {
      id: row.abbreviation.toLowerCase(),
      abbreviation: row.abbreviation.toUpperCase(),
      name: row.fullName ?? (row.city ? `${row.city} ${row.name}` : row.name),
      shortName: row.name,
      primaryColor,
      secondaryColor: colour(row.secondaryColor),
      onPrimaryColor: onPrimaryColor(primaryColor),
    });
  }
  return {
    cached,
    knows: (abbreviation) => byAbbreviation.size === 0 || byAbbreviation.has(abbreviation.toUpperCase()),
    team(abbreviation, fallbackName) {
      const known = abbreviation ? byAbbreviation.get(abbreviation.toUpperCase()) : undefined;
      if (known) return known;
      const byName = fallbackName ? [...byAbbreviation.values()].find((team) => team.name === fallbackName) : undefined;
      if (byName) return byName;
      const name = fallbackName ?? abbreviation ?? 'Unknown team';
      return {
        id: (abbreviation ?? name).toLowerCase(),
        abbreviation: (abbreviation ?? name.slice(0, 3)).toUpperCase(),
        name,
        shortName: name.split(' ').at(-1) ?? name,
        primaryColor: null,
        secondaryColor: null,
        onPrimaryColor: onPrimaryColor(null),
      };
    },
  };
}
