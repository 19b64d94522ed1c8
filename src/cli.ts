import { Command, InvalidArgumentError } from 'commander';
import { PLAN_ORDER, isPlanId, type PlanId } from './sandbox/accounts.js';
import { parseFaultSpec, type FaultRuleInput } from './sandbox/faults.js';
import { startSandbox } from './sandbox/server.js';

function collect<T>(parse: (value: string) => T) {
  return (value: string, previous: T[] = []): T[] => {
    try {
      return [...previous, parse(value)];
    } catch (error) {
      throw new InvalidArgumentError((error as Error).message);
    }
  };
}

function port(value: string): number {
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0 || number > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535');
  return number;
}

function apiKeySpec(value: string): [string, PlanId] {
  const [key, plan] = value.split('=', 2);
  if (!key || !plan || !isPlanId(plan)) throw new Error(`expected KEY=PLAN with PLAN one of ${PLAN_ORDER.join(', ')} (got "${value}")`);
  return [key, plan];
}

function instant(value: string): number {
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw new InvalidArgumentError('expected an ISO 8601 time such as 2026-11-22T19:30:00Z');
  return ms;
}

function rate(value: string): number {
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0) throw new InvalidArgumentError('expected a number ≥ 0 (0 freezes the clock, 1 is real time)');
  return number;
}

const program = new Command()
  .name('pressbox')
  .description('Pressbox: embeddable sports-data widgets, the relay that feeds them, and a sandbox of the upstream API.')
  .showHelpAfterError();

program
  .command('sandbox')
  .description('Run the embedded Sports Data Service alone and print its base address and keys.')
  .option('--port <port>', 'port to listen on', port, 4010)
  .option('--host <host>', 'address to listen on', '127.0.0.1')
  .option('--api-key <KEY=PLAN>', 'add a key on a plan (free, starter, builder, pro); repeatable', collect(apiKeySpec), [])
  .option('--fault <spec>', 'inject faults, e.g. "status=503,share=0.2" or "latency=300,path=/lines"; repeatable', collect(parseFaultSpec), [])
  .option('--time <iso>', 'start the game clock at this instant instead of now', instant)
  .option('--rate <n>', 'game clock speed: 0 frozen, 1 real time, 60 a minute per second', rate, 1)
  .action(async (options: { port: number; host: string; apiKey: Array<[string, PlanId]>; fault: FaultRuleInput[]; time?: number; rate: number }) => {
    const sandbox = await startSandbox({
      port: options.port,
      host: options.host,
      keys: Object.fromEntries(options.apiKey),
      faults: options.fault,
      now: options.time,
      rate: options.rate,
    });
    const lines = [
      `Pressbox sandbox (Sports Data Service) listening`,
      `  base address  ${sandbox.baseUrl}`,
      `  keys          ${sandbox.accounts.list().map((account) => `${account.apiKey} (${account.plan.id})`).join(', ')}`,
      `  try           curl -H 'x-api-key: sk_sandbox_pro' '${sandbox.baseUrl}/live-games?sport=nba'`,
      `  controls      ${sandbox.origin}/_sandbox/clock, ${sandbox.origin}/_sandbox/faults`,
    ];
    if (options.fault.length) lines.push(`  faults        ${JSON.stringify(sandbox.faults.list())}`);
    console.log(lines.join('\n'));
    const stop = () => {
      void sandbox.close().then(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });

await program.parseAsync(process.argv);
