import type { Command } from 'commander';
import type { PlanId } from '../sandbox/accounts.js';
import type { FaultRuleInput } from '../sandbox/faults.js';
import { parseFaultSpec } from '../sandbox/faults.js';
import { startSandbox } from '../sandbox/server.js';
import { starting } from './failures.js';
import { apiKeySpec, calendar, CALENDAR_HELP, collect, instant, port, rate, stopOnSignals } from './options.js';
import type { CalendarName } from '../sandbox/leagues.js';

export function sandboxCommand(program: Command): void {
  program
    .command('sandbox')
    .description('Run the embedded Sports Data Service alone and print its base address and keys.')
    .option('--port <port>', 'port to listen on', port, 4010)
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--api-key <KEY=PLAN>', 'add a key on a plan (free, starter, builder, pro); repeatable', collect(apiKeySpec), [])
    .option(
      '--fault <spec>',
      'inject faults, e.g. "status=503,share=0.2" or "latency=300,path=/lines"; repeatable',
      collect(parseFaultSpec),
      [],
    )
    .option('--time <iso>', 'start the game clock at this instant instead of now', instant)
    .option('--rate <n>', 'game clock speed: 0 frozen, 1 real time, 60 a minute per second', rate, 1)
    .option('--calendar <name>', CALENDAR_HELP, calendar, 'season')
    .action(
      async (options: {
        port: number;
        host: string;
        apiKey: Array<[string, PlanId]>;
        fault: FaultRuleInput[];
        time?: number;
        rate: number;
        calendar: CalendarName;
      }) => {
        const sandbox = await starting(options, () =>
          startSandbox({
            port: options.port,
            host: options.host,
            keys: Object.fromEntries(options.apiKey),
            faults: options.fault,
            now: options.time,
            rate: options.rate,
            calendar: options.calendar,
          }),
        );
        const lines = [
          `Pressbox sandbox (Sports Data Service) listening`,
          `  base address  ${sandbox.baseUrl}`,
          `  keys          ${sandbox.accounts
            .list()
            .map((account) => `${account.apiKey} (${account.plan.id})`)
            .join(', ')}`,
          `  try           curl -H 'x-api-key: sk_sandbox_pro' '${sandbox.baseUrl}/live-games?sport=nba'`,
          `  controls      ${sandbox.origin}/_sandbox/clock, ${sandbox.origin}/_sandbox/faults`,
        ];
        if (options.fault.length) lines.push(`  faults        ${JSON.stringify(sandbox.faults.list())}`);
        console.log(lines.join('\n'));
        stopOnSignals(sandbox.close);
      },
    );
}
