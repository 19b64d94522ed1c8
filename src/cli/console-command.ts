import type { Command } from 'commander';
import { plainAddress } from '../relay/http/client-address.js';
import { throttleSubject } from '../relay/http/operator-token.js';
import { CliFailure } from './failures.js';
import { cliUser, print, storeOptions, withStore, type StoreFlags } from './store-command.js';

/** `console unlock ADDRESS`: the operator's way back in when wrong admin tokens from an address locked it out. */
export function consoleCommand(program: Command): void {
  const console_ = program.command('console').description('The operator console and admin token: lift a sign-in lockout.');
  storeOptions(
    console_
      .command('unlock')
      .argument('<address>', 'the address locked out (an IPv6 address unlocks its /64), as the relay logged or answered it')
      .description('Lift the lockout of an address after wrong admin tokens (console sign-in, /admin, /metrics), on every relay.'),
  ).action((address: string, flags: StoreFlags) => {
    const plain = plainAddress(address);
    if (!plain) throw new CliFailure(`"${address}" is not an IP address: give the address that was locked out, such as 203.0.113.7.`);
    const subject = throttleSubject(plain);
    return withStore(flags, async (store) => {
      const before = await store.signInFailures(subject, Date.now());
      await store.clearSignInFailures(subject);
      await store.appendAudit({
        at: Date.now(),
        actor: `cli:${cliUser()}`,
        action: 'console.unlock',
        key: null,
        detail: `lifted the admin-token lockout of ${subject} (${before.count} tries counted)`,
      });
      print(flags, { unlocked: subject, tries: before.count }, () =>
        before.count ? `${subject} unlocked (${before.count} tries of the admin token were counted).` : `${subject} was not locked out.`,
      );
    });
  });
}
