import type { Unrefreshed } from '../../contract/routes.js';
import type { PitchingMatchupPayload } from '../../contract/season.js';
import type { Cached } from '../cache/resource-cache.js';
import type { StartingPitchers, StrikeoutPredictor, VenueWeather } from '../upstream/schemas.js';
import type { ResourceContext } from './context.js';
import { freshnessOf } from './freshness.js';
import { findLiveGame, sameFixture } from './games.js';
import { teamDirectory } from './teams.js';
import { interruptionOf } from './season-words.js';

type StarterRecord = StartingPitchers[number];
type Side = 'home' | 'away';
type StarterStatus = PitchingMatchupPayload['home']['status'];

const STATUSES = new Set<StarterStatus>(['probable', 'new', 'at_risk', 'unknown']);
const ROOFS = { OPEN_AIR: 'open', RETRACTABLE: 'retractable', DOME: 'dome' } as const;
const WINDS = { OUT: 'out', IN: 'in', CROSS: 'cross', NONE: 'none' } as const;
const LEANS = { OVER: 'over', UNDER: 'under', NEUTRAL: 'neutral' } as const;
const CONFIDENCES = new Set(['high', 'medium', 'low'] as const);

const lookUp = <T extends Record<string, string>>(table: T, value: string | undefined): T[keyof T] | undefined =>
  value ? table[value.toUpperCase() as keyof T] : undefined;

/** The game's record among the probable starters: the live slate first, else its own date's (twice the units). */
async function startersOf(ctx: ResourceContext, fixture: { home: string; away: string; start: string | null }) {
  const find = (cached: Cached<StartingPitchers>) => {
    const index = sameFixture(
      fixture,
      cached.value.map((record) => ({
        home: record.homeTeamId?.toUpperCase(),
        away: record.awayTeamId?.toUpperCase(),
        start: record.startTime,
      })),
    );
    return index >= 0 ? cached.value[index] : undefined;
  };
  const slate = await ctx.upstream.startingPitchers().catch(() => undefined);
  const onSlate = slate && find(slate);
  if (onSlate || !fixture.start) return { record: onSlate, cached: slate };
  const dated = await ctx.upstream.startingPitchers(fixture.start.slice(0, 10)).catch(() => undefined);
  return { record: dated && find(dated), cached: dated ?? slate };
}

function projectionFor(predictor: StrikeoutPredictor | undefined, gameStarters: StarterRecord | undefined, side: Side, name: string) {
  const game = predictor?.data.find((candidate) => candidate.gameId === gameStarters?.gameId);
  const prop = game?.props.find((candidate) => candidate.side === side && candidate.pitcher.name === name);
  if (!prop) return null;
  const [low, high] = prop.model.range ?? [prop.model.projectedKs, prop.model.projectedKs];
  const confidence = prop.model.confidence?.toLowerCase();
  return {
    projected: prop.model.projectedKs,
    low: low!,
    high: high!,
    confidence: confidence && CONFIDENCES.has(confidence as 'high') ? (confidence as 'high' | 'medium' | 'low') : null,
    line: prop.propLine?.line ?? null,
  };
}

function weatherOf(record: VenueWeather[number] | undefined): Pick<PitchingMatchupPayload, 'venue' | 'weather' | 'alerts'> {
  if (!record) return { venue: null, weather: null, alerts: [] };
  const conditions = record.conditions;
  return {
    venue: record.venue?.park ? { name: record.venue.park, roof: lookUp(ROOFS, record.venue.roof) ?? 'open' } : null,
    weather: conditions
      ? {
          summary: conditions.summary ?? null,
          temperatureF: conditions.tempF ?? null,
          windMph: conditions.wind?.mph ?? null,
          wind: lookUp(WINDS, conditions.wind?.type) ?? 'none',
          precipitation: conditions.precipProb ?? null,
          lean: lookUp(LEANS, record.impact?.lean) ?? null,
        }
      : null,
    alerts: (record.alerts ?? []).map((alert) => ({
      type: alert.type,
      severe: alert.severity?.toUpperCase() === 'HIGH',
      message: alert.message,
    })),
  };
}

/**
 * Both probable starters of an MLB game with their status and strikeout projection, and the home park's weather.
 * The game is found by the id /v1/scores gave it; the other feeds know it by teams and start time. Projections and
 * weather are extras: when the plan or the service withholds them, the matchup still shows.
 */
export async function pitchingMatchupResource(
  ctx: ResourceContext,
  params: { gameId: string; date?: string },
): Promise<Unrefreshed<PitchingMatchupPayload>> {
  const { game, feed } = await findLiveGame(ctx.upstream, 'mlb', params.gameId, ctx.now, params.date);
  const home = (game.homeTeam.abbreviation ?? game.homeTeam.name).toUpperCase();
  const away = (game.awayTeam.abbreviation ?? game.awayTeam.name).toUpperCase();
  const date = (game.startTime ?? new Date(ctx.now).toISOString()).slice(0, 10);
  const [teams, starters, predictor, weather] = await Promise.all([
    teamDirectory(ctx.upstream, 'mlb'),
    startersOf(ctx, { home, away, start: game.startTime ?? null }),
    ctx.upstream.strikeoutPredictor(date).catch(() => undefined),
    ctx.upstream.venueWeather(home, date).catch(() => undefined),
  ]);
  const side = (which: Side): PitchingMatchupPayload['home'] => {
    const record = starters.record?.starters[which];
    const status: StarterStatus =
      record?.status && STATUSES.has(record.status as StarterStatus) ? (record.status as StarterStatus) : 'unknown';
    const name = record?.name;
    const hand = record?.throws?.toUpperCase();
    return {
      team: teams.team(which === 'home' ? home : away, which === 'home' ? game.homeTeam.name : game.awayTeam.name),
      status: name ? status : 'unknown',
      starter: name
        ? {
            name,
            hand: hand === 'R' || hand === 'L' ? hand : null,
            confirmed: status === 'probable',
            strikeouts: projectionFor(predictor?.value, starters.record, which, name),
          }
        : null,
    };
  };
  const interruption = interruptionOf(game.statusDetail);
  const park = weatherOf(weather?.value.find((record) => record.teamId.toUpperCase() === home));
  // A game called off is not played in that weather: the park stays, its forecast and alerts go.
  const calledOff = interruption === 'postponed' || interruption === 'canceled';
  return {
    gameId: params.gameId,
    league: 'mlb',
    status: game.status,
    startTime: game.startTime ?? null,
    home: side('home'),
    away: side('away'),
    ...(calledOff ? { ...park, weather: null, alerts: [] } : park),
    ...(interruption && { interruption }),
    ...freshnessOf(ctx.now, feed, starters.cached, teams.cached),
  };
}
