import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ELEMENT_DETAILS } from '../../../../src/contract/elements.js';
import { DATA_ROUTE_PATHS, DATA_ROUTES } from '../../../../src/contract/routes.js';
import type { PitchingMatchupPayload } from '../../../../src/contract/season.js';
import { RelayError } from '../../../../src/relay/base/errors.js';
import { jsonWithoutOdds, oddsHiddenFor, refuseHiddenOdds, withoutOdds } from '../../../../src/relay/resources/hidden-odds.js';
import { ODDS_FREE_FIELDS } from '../../../../src/relay/resources/odds-free-fields.js';

const team = (abbreviation: string) => ({
  id: abbreviation.toLowerCase(),
  abbreviation,
  name: abbreviation,
  shortName: abbreviation,
  primaryColor: null,
  secondaryColor: null,
  onPrimaryColor: '#ffffff' as const,
});

const side = (abbreviation: string): PitchingMatchupPayload['home'] => ({
  team: team(abbreviation),
  status: 'probable',
  starter: {
    name: `${abbreviation} starter`,
    hand: 'R',
    confirmed: true,
    strikeouts: { projected: 6.2, low: 4, high: 8, confidence: 'high', line: 5.5 },
  },
});

const matchup: PitchingMatchupPayload = {
  gameId: 'g_mlb_1',
  league: 'mlb',
  status: 'scheduled',
  startTime: '2026-07-01T23:05:00Z',
  home: side('NYY'),
  away: side('BOS'),
  venue: { name: 'Yankee Stadium', roof: 'open' },
  weather: { summary: 'Clear', temperatureF: 81, windMph: 12, wind: 'out', precipitation: 0.1, lean: 'over' },
  alerts: [],
  updatedAt: '2026-07-01T18:00:00Z',
  stale: false,
  refreshMs: 600_000,
};

describe('hidden odds: an allow-list of fields', () => {
  it('refuses whole the routes whose elements all show betting data, and only those', () => {
    const refused = DATA_ROUTE_PATHS.filter((route) => !ODDS_FREE_FIELDS[route]);
    const betting = DATA_ROUTE_PATHS.filter((route) => DATA_ROUTES[route].elements.every((tag) => ELEMENT_DETAILS[tag].betting));
    assert.deepEqual(refused, betting);
    assert.throws(() => refuseHiddenOdds(true, { pattern: '/v1/odds', asksBetting: false }), /hide odds/);
    assert.throws(() => refuseHiddenOdds(true, { pattern: '/v1/scores', asksBetting: true }), /hide odds/);
    refuseHiddenOdds(true, { pattern: '/v1/scores', asksBetting: false });
    refuseHiddenOdds(undefined, { pattern: '/v1/odds', asksBetting: false });
  });

  it('withholds betting data from a reader outside the key’s odds regions, or of unknown region, and says why', () => {
    const listed = { hideOdds: false, oddsRegions: ['US-NJ', 'GB'] };
    assert.equal(oddsHiddenFor(listed, 'US-NJ'), undefined);
    assert.equal(oddsHiddenFor(listed, 'GB-SCT'), undefined);
    assert.equal(oddsHiddenFor(listed, 'US-NY'), 'region');
    assert.equal(oddsHiddenFor(listed, undefined), 'region', 'an unknown region opens no list');
    assert.equal(oddsHiddenFor({ hideOdds: false, oddsRegions: null }, undefined), undefined);
    assert.equal(oddsHiddenFor({ ...listed, hideOdds: true }, 'US-NJ'), true, 'hiding odds wins over any region');

    const refusal = (() => {
      try {
        refuseHiddenOdds('region', { pattern: '/v1/odds', asksBetting: false });
      } catch (error) {
        return error as RelayError;
      }
    })();
    assert.ok(refusal instanceof RelayError);
    assert.equal(refusal.code, 'plan_required');
    assert.equal(refusal.body().error.oddsHidden, 'region');
    assert.match(refusal.message, /not available where this reader is.*--odds-regions.*--region-header/);
    // The scores' bet state is left out rather than refused: the same page shows scores to readers everywhere.
    refuseHiddenOdds('region', { pattern: '/v1/scores', asksBetting: true });
    assert.throws(() => refuseHiddenOdds('region', { pattern: '/v1/props', asksBetting: false }), /where this reader is/);
  });

  it('marks a game cut for the reader’s region as such, and a game cut for the key as before', () => {
    const detail: Record<string, unknown> = {
      game: {},
      colors: {},
      line: { spread: 1 },
      splits: null,
      updatedAt: '',
      stale: false,
      refreshMs: 1,
    };
    assert.equal(withoutOdds(detail, 'region').oddsHidden, 'region');
    assert.equal(withoutOdds(detail).oddsHidden, true);
    assert.equal(withoutOdds(detail, 'region').line, null);
  });

  it('answers the prop line and the lean as none, and keeps the rest of the matchup', () => {
    const cut = withoutOdds(matchup);
    assert.deepEqual(cut, {
      ...matchup,
      home: { ...matchup.home, starter: { ...matchup.home.starter!, strikeouts: { ...matchup.home.starter!.strikeouts!, line: null } } },
      away: { ...matchup.away, starter: { ...matchup.away.starter!, strikeouts: { ...matchup.away.starter!.strikeouts!, line: null } } },
      weather: { ...matchup.weather!, lean: null },
    });
    assert.equal(matchup.weather!.lean, 'over', 'the payload shared with other keys is untouched');
    assert.deepEqual(JSON.parse(jsonWithoutOdds(JSON.stringify(matchup))), cut);
  });

  it('leaves out a field the allow-list does not name, so that a new betting field is hidden by default', () => {
    const extended = {
      ...matchup,
      spreadLink: 'https://book.example/spread',
      weather: { ...matchup.weather!, overPrice: -110 },
      home: { ...matchup.home, starter: { ...matchup.home.starter!, propLink: 'https://book.example/bet' } },
    };
    const cut = withoutOdds(extended) as typeof extended;
    assert.equal('spreadLink' in cut, false);
    assert.equal('overPrice' in cut.weather, false);
    assert.equal('propLink' in cut.home.starter, false);
  });

  it('refuses a payload of a betting route, and fails on one no route answers', () => {
    const board = { league: 'nba', games: [], exchangeOffered: true, updatedAt: '', stale: false, refreshMs: 1 };
    assert.throws(() => withoutOdds(board), /hide odds/);
    assert.throws(() => withoutOdds({ league: 'nba', updatedAt: '' }), /fits 0 data routes, not one/);
  });
});
