// The elements as the state and locale tests mount them: attributes that show data, or nothing, for a league.
import { fixture, html } from '@open-wc/testing';
import { ELEMENT_TAGS, type ElementTag } from '../../src/contract/elements.js';
import type { PressboxElement } from '../../src/widgets/ui/pressbox-element.js';
import { liveGameOf } from './helpers.js';
import type { BrowserTestSetup } from './relay-plugin.js';

export type Attributes = Record<string, string>;

export interface ElementCase {
  tag: ElementTag;
  /** Attributes that show data for a league. */
  attributes(league: string, setup: BrowserTestSetup): Promise<Attributes>;
  /** Attributes for which the relay has nothing to show, when the element can be empty. */
  empty?: Attributes;
  emptyFor?: (setup: BrowserTestSetup) => Promise<Attributes>;
  /** What shows once data is there. */
  dataSelector: string;
  /** Whether the data shows a game in progress (`:state(live)`); true unless said otherwise. */
  live?: boolean;
}

export async function liveGameId(setup: BrowserTestSetup, league: string): Promise<string> {
  return (await liveGameOf(setup, league)).id;
}

/** Each element's case: the compiler holds this to the element list, so a new element cannot miss the matrix. */
const CASES: Record<ElementTag, Omit<ElementCase, 'tag'>> = {
  'score-strip': { attributes: async (league) => ({ league }), empty: { league: 'nba', team: 'XYZ' }, dataSelector: '.card' },
  'score-ticker': { attributes: async (league) => ({ leagues: league }), dataSelector: '.item' },
  'game-header': {
    attributes: async (league, setup) => ({ league, 'game-id': await liveGameId(setup, league) }),
    dataSelector: '.matchup',
  },
  'last-five': { attributes: async (league) => ({ league, team: teamOf(league) }), dataSelector: '.chip', live: false },
  'win-probability': {
    attributes: async (league, setup) => ({ league, 'game-id': await liveGameId(setup, league) }),
    dataSelector: 'figure svg',
  },
  'player-props': {
    attributes: async (league, setup) => ({ league, 'game-id': await liveGameId(setup, league) }),
    emptyFor: async (setup) => ({ league: 'nba', 'game-id': await liveGameId(setup, 'nba'), markets: 'blocks' }),
    dataSelector: 'table',
    live: false,
  },
  'injury-report': {
    attributes: async (league) => ({ league }),
    emptyFor: async (setup) => ({ league: 'nba', team: await healthyTeam(setup) }),
    dataSelector: 'details',
    live: false,
  },
  'standings-table': { attributes: async (league) => ({ league, team: teamOf(league) }), dataSelector: 'table', live: false },
  'team-stats': {
    // Team statistics exist for these four leagues only; any other asks for the NHL's.
    attributes: async (league) => {
      const stats = ['nba', 'nfl', 'nhl', 'mlb'].includes(league) ? league : 'nhl';
      return { league: stats, team: teamOf(stats) };
    },
    dataSelector: '.tile',
    live: false,
  },
  'pitching-matchup': {
    // A baseball element: every league's case shows an MLB game that has not started.
    attributes: async (_league, setup) => ({ 'game-id': await gameId(setup, 'mlb', 'scheduled') }),
    dataSelector: '.side',
    live: false,
  },
  'fight-card': {
    // An MMA element: every league's case shows the next card after the tests' instant (nothing live). Not a dated card
    // of the past: that one is kept once final and answered from the store, so the faults these cases inject never reach it.
    attributes: async () => ({}),
    empty: { date: '2026-11-23' },
    dataSelector: '.bout',
    live: false,
  },
  'odds-board': { attributes: async (league) => ({ league }), empty: { league: 'nba', team: 'XYZ' }, dataSelector: 'tbody tr' },
  'betting-splits': {
    attributes: async (league) => ({ league }),
    empty: { league: 'nba', team: 'XYZ' },
    dataSelector: 'table',
    live: false,
  },
  'line-movement': {
    attributes: async (league, setup) => ({ league, 'game-id': await liveGameId(setup, league) }),
    dataSelector: 'svg path.line',
    live: false,
  },
};

export const ELEMENTS: ElementCase[] = ELEMENT_TAGS.map((tag) => ({ tag, ...CASES[tag] }));

/** One element's case. */
export const caseOf = (tag: ElementTag): ElementCase => ({ tag, ...CASES[tag] });

/** A game of the league in the given state, as /v1/scores lists it. */
export async function gameId(setup: BrowserTestSetup, league: string, status: 'scheduled' | 'live' | 'final'): Promise<string> {
  const response = await fetch(`${setup.relay}/v1/scores?league=${league}&key=${setup.keys.test}`);
  const body = (await response.json()) as { games: Array<{ id: string; status: string }> };
  return body.games.find((game) => game.status === status)!.id;
}

/** A team of the league, by abbreviation, for elements about one team. */
export function teamOf(league: string): string {
  return (
    ({ nba: 'BOS', wnba: 'NYL', mlb: 'NYY', nhl: 'TOR', mls: 'SEA', ncaab: 'DUKE', nfl: 'KC', cfb: 'OSU' } as Record<string, string>)[
      league
    ] ?? 'BOS'
  );
}

async function healthyTeam(setup: BrowserTestSetup): Promise<string> {
  const response = await fetch(`${setup.relay}/v1/injuries?league=nba&key=${setup.keys.test}`);
  const body = (await response.json()) as { teams: Array<{ team: { abbreviation: string }; players: unknown[] }> };
  return body.teams.find((team) => team.players.length === 0)!.team.abbreviation;
}

/** An element with the test relay's address and a key, in a fixture. */
export async function mountElement(
  setup: BrowserTestSetup,
  tag: string,
  attributes: Attributes,
  key = setup.keys.test,
): Promise<PressboxElement> {
  const element = document.createElement(tag) as PressboxElement;
  for (const [name, value] of Object.entries({ key, relay: setup.relay, ...attributes })) element.setAttribute(name, value);
  return fixture<PressboxElement>(html`${element}`);
}
