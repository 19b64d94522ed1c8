// What search engines read of a server-rendered game element: schema.org SportsEvent data (JSON-LD), typed by
// Google's schema-dts so that a property schema.org does not define fails to compile, and a line of text that says
// the score in the page's HTML itself.
import type { Person, SportsEvent, SportsTeam, WithContext } from 'schema-dts';
import type { ElementTag } from '../contract/elements.js';
import type { FightCardPayload } from '../contract/fight-card.js';
import { leagueRecord, leagueTitle, widgetLeague } from '../contract/leagues.js';
import type { Game, GameDetailPayload, ScoresPayload } from '../contract/scores.js';
import type { PitchingMatchupPayload } from '../contract/season.js';
import type { Team } from '../contract/common.js';

/** The games a game element shows, as SportsEvents; none for the elements that show no game. */
export function sportsEvents(tag: ElementTag, data: unknown): WithContext<SportsEvent>[] {
  switch (tag) {
    case 'score-strip':
    case 'score-ticker':
      return (data as ScoresPayload).games.map((game) => gameEvent(game));
    case 'game-header':
      return [gameEvent((data as GameDetailPayload).game)];
    case 'fight-card': {
      const card = data as FightCardPayload;
      return card.bouts.map((bout) => gameEvent(bout, card.event?.name));
    }
    case 'pitching-matchup':
      return [matchupEvent(data as PitchingMatchupPayload)];
    default:
      return [];
  }
}

/** The games' scores in words, for the page's HTML: "Final: New York Knicks 99, Boston Celtics 102." */
export function scoreText(tag: ElementTag, data: unknown): string {
  return sportsEvents(tag, data)
    .map((event) => `${event.name}${event.description ? `: ${String(event.description)}` : ''}.`)
    .join(' ');
}

const STATUS_WORDS = { scheduled: 'Scheduled', live: 'In progress', final: 'Final' } as const;

function gameEvent(game: Game, eventName?: string): WithContext<SportsEvent> {
  const individual = leagueRecord(game.league)?.bouts === true;
  const [home, away] = [competitor(game.home.team, individual), competitor(game.away.team, individual)];
  const scored = game.status !== 'scheduled' && game.home.score !== null && game.away.score !== null;
  const state = game.interruption ? capitalised(game.interruption) : STATUS_WORDS[game.status];
  const description = scored
    ? `${state}: ${game.away.team.name} ${game.away.score}, ${game.home.team.name} ${game.home.score}`
    : game.result
      ? `${state}: ${game.statusText}`
      : state;
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: `${eventName ? `${eventName}: ` : ''}${game.away.team.name} ${individual ? 'vs.' : 'at'} ${game.home.team.name}`,
    ...(game.startTime ? { startDate: game.startTime } : {}),
    ...sport(game.league),
    eventStatus: eventStatus(game.interruption),
    homeTeam: home,
    awayTeam: away,
    competitor: [away, home],
    description,
  };
}

function matchupEvent(matchup: PitchingMatchupPayload): WithContext<SportsEvent> {
  const [home, away] = [competitor(matchup.home.team, false), competitor(matchup.away.team, false)];
  return {
    '@context': 'https://schema.org',
    '@type': 'SportsEvent',
    name: `${matchup.away.team.name} at ${matchup.home.team.name}`,
    ...(matchup.startTime ? { startDate: matchup.startTime } : {}),
    ...sport(matchup.league),
    eventStatus: eventStatus(matchup.interruption),
    homeTeam: home,
    awayTeam: away,
    competitor: [away, home],
    ...(matchup.venue ? { location: { '@type': 'Place', name: matchup.venue.name } } : {}),
    description: matchup.interruption ? capitalised(matchup.interruption) : STATUS_WORDS[matchup.status],
  };
}

function competitor(team: Team, individual: boolean): SportsTeam | Person {
  return individual ? { '@type': 'Person', name: team.name } : { '@type': 'SportsTeam', name: team.name, alternateName: team.abbreviation };
}

function sport(league: string): Pick<SportsEvent, 'sport' | 'organizer'> {
  const code = widgetLeague(league);
  const record = code && leagueRecord(code);
  return record && code ? { sport: capitalised(record.sport), organizer: { '@type': 'SportsOrganization', name: leagueTitle(code) } } : {};
}

function eventStatus(interruption: Game['interruption']): SportsEvent['eventStatus'] {
  switch (interruption) {
    case 'postponed':
    case 'suspended':
      return 'https://schema.org/EventPostponed';
    case 'canceled':
      return 'https://schema.org/EventCancelled';
    default:
      return 'https://schema.org/EventScheduled';
  }
}

function capitalised(word: string): string {
  return `${word[0]!.toUpperCase()}${word.slice(1)}`;
}
