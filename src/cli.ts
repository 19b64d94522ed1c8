import { Command, CommanderError, type Option } from 'commander';
import { readFileSync } from 'node:fs';
import { keyCommands } from './cli/keys-commands.js';
import { usageCommand } from './cli/usage-command.js';
import { auditCommand } from './cli/audit-command.js';
import { consoleCommand } from './cli/console-command.js';
import { describeFailure } from './cli/failures.js';
import { relayCommands } from './cli/relay-commands.js';
import { sandboxCommand } from './cli/sandbox-command.js';

const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

// Usage errors (unknown flag, bad value) are one line from commander and exit 2; the help is one `--help` away.
const program = new Command()
  .name('pressbox')
  .description('Pressbox: embeddable sports-data widgets, the relay that feeds them, and a sandbox of the upstream API.')
  .version(version, '-v, --version', 'print the version')
  .exitOverride();

sandboxCommand(program);
relayCommands(program);
keyCommands(program);
usageCommand(program);
auditCommand(program);
consoleCommand(program);

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
