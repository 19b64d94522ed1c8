// The elements as the state and locale tests mount them: attributes that show data, or nothing, for a league.
import { fixture, html } from '@open-wc/testing';
import { detailsOf, ELEMENT_TAGS, EXAMPLE_GAME, type ElementTag } from '../../src/contract/elements.js';
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
  /** Whether the data shows a game in progress (`:state(live)`). */
  live: boolean;
}

export async function liveGameId(setup: BrowserTestSetup, league: string): Promise<string> {
  return (await liveGameOf(setup, league)).id;
}

/**
 * An element's case as its registry entry gives it (contract/elements.ts): its example's attributes for the league (a
 * team of it, a game in progress), its data region, and `:state(live)` on data where it follows games in progress.
 */
function registryCase(tag: ElementTag): Omit<ElementCase, 'tag'> {
  const { example, live } = detailsOf(tag);
  return {
    attributes: async (league, setup) => {
      const values = Object.entries(example).map(async ([name, value]): Promise<[string, string]> => {
        if (name === 'league' || name === 'leagues') return [name, league];
        if (name === 'team') return [name, teamOf(league)];
        return [name, value === EXAMPLE_GAME ? await liveGameId(setup, league) : value];
      });
      return Object.fromEntries(await Promise.all(values));
    },
    // The region `renderData` draws: the loading and error states are the one with `aria-busy`.
    dataSelector: 'section:not([aria-busy])',
    live,
  };
}

/** What an element's case says beyond its registry entry's: where its data shows, its exceptions. */
const CASES: Partial<Record<ElementTag, Partial<Omit<ElementCase, 'tag'>>>> = {
  'score-strip': { empty: { league: 'nba', team: 'XYZ' }, dataSelector: '.card' },
  'score-ticker': { dataSelector: '.item' },
  'game-header': { dataSelector: '.matchup' },
  'last-five': { dataSelector: '.chip' },
  'win-probability': { dataSelector: 'figure svg' },
  'player-props': {
    emptyFor: async (setup) => ({ league: 'nba', 'game-id': await liveGameId(setup, 'nba'), markets: 'blocks' }),
    dataSelector: 'table',
  },
  'injury-report': {
    emptyFor: async (setup) => ({ league: 'nba', team: await healthyTeam(setup) }),
    dataSelector: 'details',
  },
  'standings-table': { dataSelector: 'table' },
  'team-stats': {
    // Team statistics exist for these four leagues only; any other asks for the NHL's.
    attributes: async (league) => {
      const stats = ['nba', 'nfl', 'nhl', 'mlb'].includes(league) ? league : 'nhl';
      return { league: stats, team: teamOf(stats) };
    },
    dataSelector: '.tile',
  },
  'pitching-matchup': {
    // A baseball element: every league's case shows an MLB game that has not started.
    attributes: async (_league, setup) => ({ 'game-id': await gameId(setup, 'mlb', 'scheduled') }),
    dataSelector: '.side',
  },
  'fight-card': {
    // An MMA element: every league's case shows the next card after the tests' instant (nothing live). Not a dated card
    // of the past: that one is kept once final and answered from the store, so the faults these cases inject never reach it.
    empty: { date: '2026-11-23' },
    dataSelector: '.bout',
    live: false,
  },
  'odds-board': { empty: { league: 'nba', team: 'XYZ' }, dataSelector: 'tbody tr' },
  'betting-splits': { empty: { league: 'nba', team: 'XYZ' }, dataSelector: 'table' },
  'line-movement': { dataSelector: 'svg path.line' },
};

/** One element's case. */
export const caseOf = (tag: ElementTag): ElementCase => ({ tag, ...registryCase(tag), ...CASES[tag] });

export const ELEMENTS: ElementCase[] = ELEMENT_TAGS.map(caseOf);

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
