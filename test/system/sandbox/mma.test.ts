import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { boutSeconds, isEventNight } from '../../../src/sandbox/cards.js';
import { addDays, dayStartMs } from '../../../src/sandbox/dates.js';
import { leaguesOn } from '../../../src/sandbox/leagues.js';
import { scriptOf, slate, snapshot, type Game } from '../../../src/sandbox/schedule.js';
import type { RunningSandbox } from '../../../src/sandbox/server.js';
import { frozenSandbox, getJson } from '../../helpers/sandbox.js';

/** The simulation, on the calendar where every league plays every day (the season calendar has its own tests). */
const LEAGUES = leaguesOn('round-the-clock');

const MMA = LEAGUES.MMA;

function year(): Game[] {
  return Array.from({ length: 365 }, (_, day) => slate(MMA, addDays('2026-01-01', day))).flat();
}

describe('MMA: the sandbox’s cards and bouts', () => {
  it('ends bouts by knockout, submission and decision about as often as the sport does', () => {
    const bouts = year();
    const share = (accept: (method: string) => boolean) =>
      bouts.filter((game) => accept(scriptOf(game).result!.method)).length / bouts.length;
    assert.ok(bouts.length > 800, `${bouts.length} bouts in a year`);
    const knockouts = share((method) => method === 'KO/TKO');
    const submissions = share((method) => method === 'Submission');
    const decisions = share((method) => method === 'Decision');
    const neither = share((method) => method === 'Draw' || method === 'No contest');
    assert.ok(knockouts >= 0.25 && knockouts <= 0.38, `KO/TKO ${(100 * knockouts).toFixed(1)} %`);
    assert.ok(submissions >= 0.13 && submissions <= 0.25, `submissions ${(100 * submissions).toFixed(1)} %`);
    assert.ok(decisions >= 0.4 && decisions <= 0.56, `decisions ${(100 * decisions).toFixed(1)} %`);
    assert.ok(neither > 0 && neither <= 0.05, `draws and no contests ${(100 * neither).toFixed(1)} %`);
  });

  it('holds cards on Saturdays and every other Friday: twelve bouts, prelims first, a five-round main event last', () => {
    for (let day = 0; day < 28; day++) {
      const date = addDays('2026-11-01', day);
      const card = slate(MMA, date);
      const weekday = new Date(dayStartMs(date)).getUTCDay();
      assert.equal(card.length > 0, isEventNight(date), date);
      if (card.length === 0) {
        assert.ok(weekday !== 6, `${date}: a Saturday without a card`);
        continue;
      }
      assert.ok(weekday === 5 || weekday === 6, `${date}: a card on a weekday`);
      assert.deepEqual(
        card.map((game) => game.bout!.order),
        Array.from({ length: 12 }, (_, index) => index + 1),
      );
      assert.deepEqual(
        card.map((game) => game.bout!.card),
        [...Array(6).fill('prelims'), ...Array(6).fill('main')],
      );
      assert.deepEqual(
        card.map((game) => game.bout!.rounds),
        [...Array(11).fill(3), 5],
      );
      const fighters = card.flatMap((game) => [game.home, game.away]);
      assert.equal(new Set(fighters).size, 24, `${date}: nobody fights twice`);
      for (const game of card) {
        assert.equal(game.home.division, game.away.division);
        assert.equal(game.home.division, game.bout!.weightClass);
        assert.ok(game.home.strength >= game.away.strength, 'the favourite is in the red corner (home)');
        assert.ok(game.startMs >= card[0]!.startMs && game.bout!.event.name.startsWith('Fight Night '));
      }
      for (let i = 1; i < card.length; i++) assert.ok(card[i]!.startMs > card[i - 1]!.startMs, 'bouts in order');
    }
  });

  it('goes to the judges only after the last round; a finish stops the clock inside a round', () => {
    for (const game of year()) {
      const script = scriptOf(game);
      const { method, round, time, winner } = script.result!;
      const rounds = game.bout!.rounds;
      const last = script.stateAt(script.endUnit);
      if (method === 'Decision' || method === 'Draw') {
        assert.deepEqual([round, time, script.endUnit], [rounds, '5:00', boutSeconds(rounds)], game.ids.slug);
      } else if (method !== 'No contest') {
        assert.ok(round >= 1 && round <= rounds && time < '5:00', `${game.ids.slug}: ${method} in R${round} at ${time}`);
        assert.equal(last.periodLabel, `R${round}`);
        assert.ok(script.endUnit < boutSeconds(rounds));
      }
      assert.equal(winner === null, method === 'Draw' || method === 'No contest');
      const final = snapshot(game, game.startMs + 86_400_000).score;
      assert.deepEqual(final, winner === 'home' ? { home: 1, away: 0 } : winner === 'away' ? { home: 0, away: 1 } : { home: 0, away: 0 });
    }
  });

  it('shows a live bout as its round and the clock counting down, and the minute between rounds', () => {
    const main = slate(MMA, '2026-11-28').at(-1)!;
    const script = scriptOf(main);
    const displays = new Set<string>();
    for (let unit = 0; unit < script.endUnit; unit += 15) displays.add(script.stateAt(unit).display);
    assert.ok(displays.has('R1 5:00'));
    for (const display of displays) assert.match(display, /^(R[1-5] [0-5]:\d\d|End of R[1-4])$/);
  });
});

describe('MMA over HTTP', () => {
  let sandbox: RunningSandbox;
  let card: Game[];
  before(async () => {
    card = slate(MMA, '2026-11-28');
    // Frozen during the card: the first six bouts over, the seventh under way.
    sandbox = await frozenSandbox(card[6]!.startMs + 4 * 60_000);
  });
  after(() => sandbox.close());

  it('/live-games gives bouts between named fighters, their place on the card, and how the finished ones ended', async () => {
    const feed = (await getJson(sandbox, '/live-games?sport=mma')).body as {
      games: Array<{
        status: string;
        homeTeam: { name: string; record: string };
        bout: { order: number; weightClass: string; event: { name: string } };
        result?: { method: string; round: number; time: string };
        state: { display: string } | null;
      }>;
    };
    const onCard = feed.games.filter((game) => game.bout.event.name === card[0]!.bout!.event.name);
    assert.equal(onCard.length, 12);
    assert.ok(onCard.every((game) => /^[A-Z][a-z]+ [A-Z][a-z]+$/.test(game.homeTeam.name) && /^\d+-\d+-\d+$/.test(game.homeTeam.record)));
    const finals = onCard.filter((game) => game.status === 'final');
    assert.ok(finals.length >= 6);
    for (const game of finals) assert.ok(game.result && game.result.round >= 1 && /^\d:\d\d$/.test(game.result.time));
    const live = onCard.find((game) => game.status === 'live')!;
    assert.equal(live.bout.order, 7);
    assert.match(live.state!.display, /^(R\d [0-5]:\d\d|End of R\d)$/);
  });

  it('/teams lists fighters with division, country and record; injuries, lines and team statistics are not offered', async () => {
    const teams = (await getJson(sandbox, '/teams?league=mma')).body as {
      data: Array<{ weightClass: string; country: string; standings: { wins: number; losses: number; ties: number } }>;
    };
    assert.equal(teams.data.length, 128);
    assert.ok(teams.data.every((fighter) => fighter.weightClass && fighter.country && fighter.standings.wins >= 6));
    assert.deepEqual((await getJson(sandbox, '/injuries?league=mma')).body.data, []);
    assert.deepEqual((await getJson(sandbox, '/lines?league=mma')).body.data, []);
    assert.ok((await getJson(sandbox, '/mma/team-stats')).status >= 400);
  });

  it("/recent-form gives a fighter's last fights with the method", async () => {
    const fighter = card[0]!.home.abbreviation;
    const form = (await getJson(sandbox, `/recent-form?league=mma&team=${fighter}&limit=5`)).body as {
      data: Array<{ games: Array<{ result: string; method: string; round: number }> }>;
    };
    const games = form.data[0]!.games;
    assert.ok(games.length >= 1, 'tonight’s first bout is over');
    for (const game of games) {
      assert.ok(['W', 'L', 'T', 'NC'].includes(game.result));
      assert.ok(['KO/TKO', 'Submission', 'Decision', 'Draw', 'No contest'].includes(game.method));
    }
  });
});
