import { Command, CommanderError, type Option } from 'commander';
import { readFileSync } from 'node:fs';
import { describeFailure } from './cli/failures.js';

type Register = (program: Command) => void;
const relay = () => import('./cli/relay-commands.js').then((module): Register => module.relayCommands);
/**
 * Each command's module, loaded only when that command runs (all of them for help or a mistyped command): `keys` does
 * not load the relay's server, and `--version` loads nothing.
 */
const COMMANDS: Record<string, () => Promise<Register>> = {
  sandbox: () => import('./cli/sandbox-command.js').then((module) => module.sandboxCommand),
  serve: relay,
  start: relay,
  keys: () => import('./cli/keys-commands.js').then((module) => module.keyCommands),
  usage: () => import('./cli/usage-command.js').then((module) => module.usageCommand),
  audit: () => import('./cli/audit-command.js').then((module) => module.auditCommand),
  console: () => import('./cli/console-command.js').then((module) => module.consoleCommand),
  store: () => import('./cli/backup-commands.js').then((module) => module.storeCommands),
};

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

// Usage errors (unknown flag, bad value) are one line from commander and exit 2; the help is one `--help` away.
const program = new Command()
  .name('pressbox')
  .description('Pressbox: embeddable sports-data widgets, the relay that feeds them, and a sandbox of the upstream API.')
  .version(version, '-v, --version', 'print the version')
  .exitOverride();

const named = process.argv[2] ?? '';
const loaders = /^(-v|--version)$/.test(named)
  ? []
  : Object.hasOwn(COMMANDS, named)
    ? [COMMANDS[named]!]
    : [...new Set(Object.values(COMMANDS))];
for (const register of await Promise.all(loaders.map((load) => load()))) register(program);

unknownOptionsFirst(program);

/**
 * Commander says a required option is missing before it says an option is unknown, so a mistyped `--domian` read as
 * "required option '--domain' not specified". The unknown option is the mistake to name (with commander's suggestion).
 */
function unknownOptionsFirst(command: Command): void {
  const internals = command as unknown as { missingMandatoryOptionValue(option: Option): void; unknownOption(flag: string): void };
  const missing = internals.missingMandatoryOptionValue.bind(command);
  internals.missingMandatoryOptionValue = (option) => {
    const known = (flag: string) => command.options.some(({ long, short }) => [long, short].includes(flag.split('=')[0]));
    const unknown = command.args.find((arg) => arg.startsWith('-') && !known(arg));
    if (unknown) internals.unknownOption(unknown);
    else missing(option);
  };
  command.commands.forEach(unknownOptionsFirst);
}

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  console.error(`pressbox: ${describeFailure(error, {})}`);
  process.exit(1);
}
