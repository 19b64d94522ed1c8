import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createKey } from './src/relay/admin/routes.js';
import { openSqliteStore } from './src/relay/store/sqlite.js';
const db = '/tmp/tp-bench.db';
const store = openSqliteStore(db);
const key = (await createKey(store, { plan: 'custom:100000000', domains: ['example.com'], name: 'bench', test: false }, Date.now())).key;
await store.close();
const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir=/tmp/prof2', '--import', 'tsx', 'src/cli.ts', 'serve', '--port', '8799', '--db', db, '--rate-limit', '100000000'], { stdio: ['ignore', 'ignore', 'pipe'] });
await new Promise((r) => setTimeout(r, 3000));
const url = `http://127.0.0.1:8799/v1/scores?league=nba&key=${key}`;
await fetch(url, { headers: { origin: 'https://example.com' } });
for (const c of [100]) { const result = await autocannon({ url, connections: c, duration: 8, headers: { origin: 'https://example.com' } }); console.log(c, result.requests.average, result.latency.p50, result.latency.p99, result.errors, result.non2xx); }
child.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 1000));
