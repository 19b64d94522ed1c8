import { dayBucket } from '../metering/month.js';
import { widgetLeague } from '../../contract/leagues.js';
import type { WidgetKey } from '../keys/model.js';
import { scoresResource } from '../resources/scores.js';
import { teamDirectory } from '../resources/teams.js';
import type { HistoryStore } from '../store/types.js';
import type { CachedUpstream } from '../upstream/cached.js';

export interface CatalogDeps {
  upstreams: { live: CachedUpstream; test: CachedUpstream };
  history: HistoryStore;
  now: () => number;
}

/** What the builder offers to pick from for one league: its teams and the games of the current slate. */
export interface Catalog {
  league: string;
  teams: { abbreviation: string; name: string }[];
  /** Each with its day (UTC), which game snippets carry so that the relay finds the game years later. */
  games: { id: string; label: string; date: string | null }[];
  /** The relay's day (UTC), on its clock: the builder's "as of today". */
  today: string;
}

/**
 * The builder's choices, from the same cached upstream data the widgets use (the key's own upstream: a test key sees
 * the sandbox). Not a widget load: nothing of it reaches a reader.
 */
export async function catalogFor(
  deps: CatalogDeps,
  key: WidgetKey,
  leagueName: string,
): Promise<Catalog | { error: { code: string; message: string } }> {
  const league = widgetLeague(leagueName);
  if (!league) return { error: { code: 'bad_request', message: `Unknown league "${leagueName}".` } };
  const upstream = key.test ? deps.upstreams.test : deps.upstreams.live;
  const now = deps.now();
  const [directory, scores] = await Promise.all([
    teamDirectory(upstream, league),
    scoresResource({ upstream, history: deps.history, now }, { leagues: [league] }).then(
      (payload) => payload.games,
      () => [],
    ),
  ]);
  return {
    league,
    teams: (directory.cached?.value.data ?? [])
      .map((row) => directory.team(row.abbreviation))
      .map((team) => ({ abbreviation: team.abbreviation, name: team.name }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    games: scores.map((game) => ({
      id: game.id,
      label: `${game.away.team.abbreviation} @ ${game.home.team.abbreviation} · ${game.statusText}`,
      date: game.startTime?.slice(0, 10) ?? null,
    })),
    today: dayBucket(now),
  };
}
