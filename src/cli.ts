import { Command } from 'commander';
import { keyAndUsageCommands } from './cli/keys-commands.js';
import { relayCommands } from './cli/relay-commands.js';
import { sandboxCommand } from './cli/sandbox-command.js';

const program = new Command()
  .name('pressbox')
  .description('Pressbox: embeddable sports-data widgets, the relay that feeds them, and a sandbox of the upstream API.')
  .showHelpAfterError();

sandboxCommand(program);
relayCommands(program);
keyAndUsageCommands(program);

await program.parseAsync(process.argv);
