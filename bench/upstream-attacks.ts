// What one public key can cost the operator's upstream month: each attack of issue 51 against a relay on a real
// upstream (a sandbox started apart), counted by the upstream's own /me, beside an honest live reader.
import { addKey } from '../test/helpers/relay.js';
import { ALL_LEAGUES, ATTACKER, attackBed, dayAfter, getFrom, HONEST, sleep, streamFrom, type AttackBed } from '../test/helpers/attacks.js';
import { MIDDAY } from '../test/helpers/sandbox.js';
import { monthOf } from '../test/helpers/clock.js';

const TOKEN = 'test-admin-token-0123456789abcdef';
/** Dates the relay still serves around the test day: the attacks pick new ones inside that window. */
const FIRST_DAY = dayAfter(MIDDAY, -399);
const WINDOW_DAYS = 455;

/**
 * The same attacks on commit 300b852, before the bounds (`node --import tsx bench/upstream-attacks.ts 15` there, with
 * its dates then accepted): kept beside each new measurement so the table shows both.
 */
export const UNITS_BEFORE_BOUNDS: Record<string, string> = {
  'an honest reader following /v1/scores?league=nba live': '44 units a minute',
  'GET /v1/scores?league=<all nine>&date=<a new date>, as fast as answered': '2,430 units in 15 s (9,720 a minute)',
  '/v1/live with 20 dated topics, closed after 1.5 s, 10 opens': '1,809 units',
  '90 made-up game-id topics on 10 streams, 30 s': '6 units, 0 loads billed',
  'the nine leagues in 200 orders on 10 streams, 10 s': '63 units, 200 pollers',
  'a key at its --daily-limit: 20 refused GETs, 3 refused stream opens': '730 units',
  'a key revoked while its stream is open': 'stream still open 30 s after the revoke',
  'pk_test_ key with a forged Origin: http://localhost from a remote reader': 'answered 200',
};

export interface AttackRow {
  who: string;
  units: number;
  /** Units a minute, where the attack runs for a set time. */
  perMinute?: number;
  note?: string;
}

async function measured(run: (bed: AttackBed) => Promise<Omit<AttackRow, 'units'> & { seconds?: number }>): Promise<AttackRow> {
  const bed = await attackBed();
  try {
    const before = await bed.units();
    const row = await run(bed);
    const units = (await bed.units()) - before;
    return { ...row, units, perMinute: row.seconds ? Math.round((units / row.seconds) * 60) : undefined };
  } finally {
    await bed.close();
  }
}

const loadsOf = async (bed: AttackBed, key: string) =>
  (await bed.relay.store.usage({ key, month: monthOf(bed.relay.now()) })).reduce((sum, row) => sum + row.loads, 0);

export async function upstreamAttacks(seconds = 20): Promise<AttackRow[]> {
  const rows: AttackRow[] = [];
  rows.push(
    await measured(async (bed) => {
      const stream = await streamFrom(bed, bed.key, ['/v1/scores?league=nba'], HONEST);
      await sleep(seconds * 1000);
      stream.close();
      return { who: 'an honest reader following /v1/scores?league=nba live', seconds };
    }),
  );
  rows.push(
    await measured(async (bed) => {
      const statuses = new Map<number, number>();
      const end = performance.now() + seconds * 1000;
      for (let day = 0; performance.now() < end; day++) {
        const { status } = await getFrom(
          bed,
          `/v1/scores?league=${ALL_LEAGUES}&date=${dayAfter(FIRST_DAY, day % WINDOW_DAYS)}&key=${bed.key}`,
          ATTACKER,
        );
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      return { who: 'GET /v1/scores?league=<all nine>&date=<a new date>, as fast as answered', seconds, note: statusNote(statuses) };
    }),
  );
  rows.push(
    await measured(async (bed) => {
      const statuses = new Map<number, number>();
      for (let open = 0; open < 10; open++) {
        const topics = Array.from({ length: 20 }, (_, i) => `/v1/scores?league=${ALL_LEAGUES}&date=${dayAfter(FIRST_DAY, open * 20 + i)}`);
        const stream = await streamFrom(bed, bed.key, topics, ATTACKER);
        statuses.set(stream.status, (statuses.get(stream.status) ?? 0) + 1);
        await sleep(1500);
        stream.close();
      }
      return { who: '/v1/live with 20 dated topics, closed after 1.5 s, 10 opens', note: statusNote(statuses) };
    }),
  );
  rows.push(
    await measured(async (bed) => {
      const streams = await Promise.all(
        Array.from({ length: 10 }, (_, s) =>
          streamFrom(
            bed,
            bed.key,
            Array.from({ length: 9 }, (_, i) => {
              const id = `made-up-${s}-${i}`;
              return [`/v1/props?league=nba&gameId=${id}`, `/v1/games/${id}?league=nba`, `/v1/win-probability?league=nba&gameId=${id}`][
                i % 3
              ]!;
            }),
            ATTACKER,
          ),
        ),
      );
      await sleep(30_000);
      for (const stream of streams) stream.close();
      return { who: '90 made-up game-id topics on 10 streams, 30 s', note: `${await loadsOf(bed, bed.key)} loads billed` };
    }),
  );
  rows.push(
    await measured(async (bed) => {
      const leagues = ALL_LEAGUES.split(',');
      const orders = Array.from({ length: 200 }, (_, n) => {
        const order = [...leagues];
        for (let i = order.length - 1; i > 0; i--) {
          const j = (n * 7 + i * 13) % (i + 1);
          [order[i], order[j]] = [order[j]!, order[i]!];
        }
        return `/v1/scores?league=${order.join(',')}`;
      });
      const streams = await Promise.all(
        Array.from({ length: 10 }, (_, s) => streamFrom(bed, bed.key, orders.slice(s * 20, s * 20 + 20), ATTACKER)),
      );
      await sleep(10_000);
      for (const stream of streams) stream.close();
      return {
        who: 'the nine leagues in 200 orders on 10 streams, 10 s',
        note: `${await loadsOf(bed, bed.key)} loads billed, ${bed.relay.hub.topicCount()} pollers at the end`,
      };
    }),
  );
  rows.push(
    await measured(async (bed) => {
      const key = await addKey(bed.relay, ['example.com'], { name: 'capped' });
      await bed.relay.store.updateKey(key, { dailyLimit: 1 });
      await sleep(5_100);
      await getFrom(bed, `/v1/standings?league=nba&key=${key}`, ATTACKER);
      const statuses = new Map<number, number>();
      for (let i = 0; i < 20; i++) {
        const { status } = await getFrom(bed, `/v1/scores?league=${ALL_LEAGUES}&date=${dayAfter(FIRST_DAY, i)}&key=${key}`, ATTACKER);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
      for (let i = 0; i < 3; i++) {
        const stream = await streamFrom(
          bed,
          key,
          Array.from({ length: 20 }, (_, t) => `/v1/scores?league=${ALL_LEAGUES}&date=${dayAfter(FIRST_DAY, 100 + i * 20 + t)}`),
          ATTACKER,
        );
        await sleep(1500);
        stream.close();
      }
      return { who: 'a key at its --daily-limit: 20 refused GETs, 3 refused stream opens', note: statusNote(statuses) };
    }),
  );
  rows.push(
    await measured(async (bed) => {
      const stream = await streamFrom(bed, bed.key, ['/v1/scores?league=nba', '/v1/scores?league=nhl'], ATTACKER);
      await sleep(3000);
      await fetch(`${bed.relay.origin}/admin/keys/${bed.key}`, { method: 'DELETE', headers: { authorization: `Bearer ${TOKEN}` } });
      const revokedAt = performance.now();
      const seenAtRevoke = stream.events.length;
      const ended = await Promise.race([stream.ended.then(() => true), sleep(30_000).then(() => false)]);
      const after = stream.events.slice(seenAtRevoke);
      stream.close();
      return {
        who: 'a key revoked while its stream is open',
        note: ended
          ? `stream ended ${((performance.now() - revokedAt) / 1000).toFixed(1)} s after the revoke (${after.map((e) => e.event).join(', ') || 'no event'})`
          : `stream still open 30 s after the revoke, ${after.filter((e) => e.event === 'update').length} updates since`,
      };
    }),
  );
  rows.push(
    await measured(async (bed) => {
      const key = await addKey(bed.relay, ['example.com'], { name: 'test', test: true });
      const { status } = await getFrom(bed, `/v1/scores?league=nba&key=${key}`, ATTACKER, 'http://localhost');
      return { who: 'pk_test_ key with a forged Origin: http://localhost from a remote reader', note: `answered ${status}` };
    }),
  );
  return rows;
}

function statusNote(statuses: Map<number, number>): string {
  return [...statuses].map(([status, count]) => `${count} × ${status}`).join(', ');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const rows = await upstreamAttacks(Number(process.argv[2] ?? 20));
  for (const row of rows)
    console.log(`| ${row.who} | ${row.units}${row.perMinute !== undefined ? ` (${row.perMinute}/min)` : ''} | ${row.note ?? ''} |`);
}
