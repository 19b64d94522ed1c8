import { Command, CommanderError } from 'commander';
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

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CommanderError) process.exit(error.exitCode === 0 ? 0 : 2);
  console.error(`pressbox: ${describeFailure(error, {})}`);
  process.exit(1);
}
