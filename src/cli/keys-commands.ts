import type { Command } from 'commander';
import { type Plan } from '../relay/keys/model.js';
import { keyOperations } from '../relay/key-service/operations.js';
import { describeKey } from '../relay/key-service/service.js';
import type { RelayStore } from '../relay/store/types.js';
import { loadCount } from '../relay/metering/month.js';
import { betLink, domain, gamblingLine, durationOption, oddsRegions, plan, positive, wholeNumber } from './options.js';
import type { BetLink } from '../relay/keys/bet-links.js';
import { importText, readBackup, writePrivately } from './backup-commands.js';
import { exportKeys, importKeys } from '../relay/store/backup.js';
import { cliUser, existing, print, storeOptions, withStore, type StoreFlags } from './store-command.js';

const BET_LINK_HELP =
  "a sportsbook prices link to, as 'Book Name=https://book.example/bet?ref=YOURCODE&game={game}' ({league} {date} {game} {home} {away} {market} {side} {line} {player}); repeatable, five at most";
const GAMBLING_LINE_HELP =
  "the responsible-gambling line for readers of a region, shown there in place of the page's, as 'US-NJ=21+ only. Gambling problem? Call 1-800-GAMBLER.'; repeatable";
const ODDS_REGIONS_HELP =
  'show odds only to readers in these ISO 3166 regions (US-NJ,US-PA,GB; US covers every US-xx), as serve --region-header names them';

/** Changes from the shell, in the audit log as `cli:<user>` (the account that ran the command). */
function keysFrom(store: RelayStore) {
  return keyOperations(store, store, `cli:${cliUser()}`, Date.now);
}

function keyText(key: ReturnType<typeof describeKey>): string {
  const status = !key.revokedAt
    ? 'active'
    : Date.parse(key.revokedAt) > Date.now()
      ? `works until ${key.revokedAt}, then revoked`
      : `revoked ${key.revokedAt}`;
  return [
    `${key.key}  (${key.test ? 'test' : 'live'}, ${status})`,
    `  name     ${key.name || '—'}`,
    `  plan     ${key.plan} (${loadCount(key.monthlyLoads)} a month)`,
    `  domains  ${key.domains.join(', ')}`,
    `  daily    ${key.dailyLimit === null ? 'no daily ceiling' : `at most ${loadCount(key.dailyLimit)} a day`}`,
    `  clients  ${key.browserOnly ? 'browsers only (requests without Fetch Metadata are refused)' : 'any'}`,
    `  odds     ${oddsText(key)}`,
    `  gambling ${
      key.gamblingLines
        ? Object.entries(key.gamblingLines)
            .map(([region, line]) => `${region}: ${line}`)
            .join('\n           ')
        : "the page's own line everywhere"
    }`,
    `  books    ${key.betLinks.length ? key.betLinks.map((book) => `${book.name} → ${book.template}`).join('\n           ') : 'none (prices link nowhere)'}`,
    `  created  ${key.createdAt}`,
  ].join('\n');
}

function oddsText(key: ReturnType<typeof describeKey>): string {
  if (key.hideOdds) return 'hidden (betting routes refuse; game headers show scores only)';
  if (key.oddsRegions) return `shown only to readers in ${key.oddsRegions.join(', ')} (as serve --region-header names them)`;
  return 'shown';
}

/** `keys create`: a key allowed on the given domains. */
function createKeyCommand(keys: Command): void {
  storeOptions(
    keys
      .command('create')
      .description('Create a key allowed on the given domains.')
      .requiredOption('--plan <plan>', 'free, starter, builder, pro or custom:N', plan)
      .requiredOption('--domain <pattern>', 'allowed domain: example.com, *.example.com, http://localhost:3000; repeatable', domain)
      .option('--name <text>', 'a name to recognise the key by', '')
      .option('--test', 'a pk_test_ key: also allowed on loopback, always served from the sandbox')
      .option('--daily-limit <n>', 'at most N loads a day (UTC), besides the plan’s month', positive)
      .option('--browser-only', 'refuse requests without browser Fetch Metadata (scripts replaying the key)')
      .option('--hide-odds', 'show no betting data: odds, splits, props and bet states (pages where odds may not be shown)')
      .option('--odds-regions <list>', ODDS_REGIONS_HELP, oddsRegions)
      .option('--bet-link <book>', BET_LINK_HELP, betLink)
      .option('--gambling-line <line>', GAMBLING_LINE_HELP, gamblingLine),
  ).action(
    (
      flags: StoreFlags & {
        plan: Plan;
        domain: string[];
        name: string;
        test?: boolean;
        dailyLimit?: number;
        browserOnly?: boolean;
        hideOdds?: boolean;
        oddsRegions?: string[];
        betLink?: BetLink[];
        gamblingLine?: Record<string, string>;
      },
    ) =>
      withStore(
        flags,
        async (store) => {
          const input = {
            plan: flags.plan,
            domains: flags.domain,
            name: flags.name,
            test: Boolean(flags.test),
            dailyLimit: flags.dailyLimit ?? null,
            browserOnly: Boolean(flags.browserOnly),
            hideOdds: Boolean(flags.hideOdds),
            oddsRegions: flags.oddsRegions ?? null,
            betLinks: flags.betLink ?? [],
            gamblingLines: flags.gamblingLine ?? null,
          };
          const key = describeKey(await keysFrom(store).create(input));
          print(flags, key, () => keyText(key));
        },
        'create',
      ),
  );
}

/** `keys list`. */
function listKeysCommand(keys: Command): void {
  storeOptions(keys.command('list').description('List every key.')).action((flags: StoreFlags) =>
    withStore(
      flags,
      async (store) => {
        const all = (await keysFrom(store).list()).map(describeKey);
        print(flags, all, () => (all.length ? all.map(keyText).join('\n\n') : 'No keys yet: create one with pressbox keys create.'));
      },
      'read',
    ),
  );
}

/** `keys show KEY`. */
function showKeyCommand(keys: Command): void {
  storeOptions(keys.command('show').argument('<key>').description('Show one key.')).action((value: string, flags: StoreFlags) =>
    withStore(
      flags,
      async (store) => {
        const key = describeKey(await existing(store, value));
        print(flags, key, () => keyText(key));
      },
      'read',
    ),
  );
}

/** `keys update KEY`: plan, domains, name, daily ceiling, browsers only. */
function updateKeyCommand(keys: Command): void {
  storeOptions(
    keys
      .command('update')
      .argument('<key>')
      .description('Change a key: --add-domain and --remove-domain edit the allowed domains, --domain replaces them all.')
      .option('--plan <plan>', 'free, starter, builder, pro or custom:N', plan)
      .option('--domain <pattern>', 'allowed domain, replacing the list; repeatable', domain)
      .option('--add-domain <pattern>', 'allow one more domain; repeatable', domain)
      .option('--remove-domain <pattern>', 'stop allowing a domain; repeatable', domain)
      .option('--name <text>', 'a new name')
      .option('--daily-limit <n>', 'at most N loads a day (UTC); 0 removes the ceiling', wholeNumber)
      .option('--browser-only', 'refuse requests without browser Fetch Metadata')
      .option('--no-browser-only', 'answer scripts too')
      .option('--hide-odds', 'show no betting data (odds, splits, props, bet states)')
      .option('--no-hide-odds', 'show betting data again')
      .option('--odds-regions <list>', `${ODDS_REGIONS_HELP}, replacing the list`, oddsRegions)
      .option('--no-odds-regions', 'show odds wherever the reader is')
      .option('--bet-link <book>', `${BET_LINK_HELP}, replacing the list`, betLink)
      .option('--no-bet-links', 'prices link nowhere')
      .option('--gambling-line <line>', `${GAMBLING_LINE_HELP}, replacing the lines`, gamblingLine)
      .option('--no-gambling-lines', "the page's own line everywhere"),
  ).action(
    (
      value: string,
      flags: StoreFlags & {
        plan?: Plan;
        domain?: string[];
        addDomain?: string[];
        removeDomain?: string[];
        name?: string;
        dailyLimit?: number;
        browserOnly?: boolean;
        hideOdds?: boolean;
        oddsRegions?: string[] | false;
        betLink?: BetLink[];
        betLinks?: boolean;
        gamblingLine?: Record<string, string>;
        gamblingLines?: boolean;
      },
    ) =>
      withStore(flags, async (store) => {
        const current = await existing(store, value);
        const edited =
          flags.addDomain || flags.removeDomain
            ? [...new Set([...(flags.domain ?? current.domains), ...(flags.addDomain ?? [])])].filter(
                (pattern) => !(flags.removeDomain ?? []).includes(pattern),
              )
            : flags.domain;
        const change = {
          ...(flags.plan && { plan: flags.plan }),
          ...(edited && { domains: edited }),
          ...(flags.name !== undefined && { name: flags.name }),
          ...(flags.dailyLimit !== undefined && { dailyLimit: flags.dailyLimit || null }),
          ...(flags.browserOnly !== undefined && { browserOnly: flags.browserOnly }),
          ...(flags.hideOdds !== undefined && { hideOdds: flags.hideOdds }),
          ...(flags.oddsRegions !== undefined && { oddsRegions: flags.oddsRegions || null }),
          ...(flags.betLinks === false && { betLinks: [] }),
          ...(flags.betLink && { betLinks: flags.betLink }),
          ...(flags.gamblingLines === false && { gamblingLines: null }),
          ...(flags.gamblingLine && { gamblingLines: flags.gamblingLine }),
        };
        const key = describeKey(await keysFrom(store).update(current, change));
        print(flags, key, () => keyText(key));
      }),
  );
}

/** `keys revoke KEY`. */
function revokeKeyCommand(keys: Command): void {
  storeOptions(keys.command('revoke').argument('<key>').description('Revoke a key: pages using it stop loading data.')).action(
    (value: string, flags: StoreFlags) =>
      withStore(flags, async (store) => {
        const key = describeKey(await keysFrom(store).revoke(await existing(store, value)));
        print(flags, key, () => keyText(key));
      }),
  );
}

/** `keys rotate KEY`: a new key, the old one working for a grace period. */
function rotateKeyCommand(keys: Command): void {
  storeOptions(
    keys
      .command('rotate')
      .argument('<key>')
      .description('Issue a new key with the same settings; the old one keeps working for the grace period, then is revoked.')
      .addOption(durationOption('--grace <duration>', 'how long the old key keeps working: 7d, 12h, 30m or 0', 7 * 86_400_000)),
  ).action((value: string, flags: StoreFlags & { grace: number }) =>
    withStore(flags, async (store) => {
      const rotated = await keysFrom(store).rotate(await existing(store, value), flags.grace);
      const key = describeKey(rotated.key);
      const old = describeKey(rotated.old);
      print(flags, { key, old }, () =>
        [keyText(key), '', `${old.key} keeps working until ${old.revokedAt}: put the new key on your pages before then.`].join('\n'),
      );
    }),
  );
}

/** `keys check KEY ORIGIN`: allowed or denied, and by which rule. */
function checkKeyCommand(keys: Command): void {
  storeOptions(
    keys
      .command('check')
      .argument('<key>')
      .argument('<origin>', 'a page origin such as https://www.example.com (a host alone is read as https://)')
      .description('Say whether a page origin may use a key, and which rule decided.'),
  ).action((value: string, typed: string, flags: StoreFlags) =>
    withStore(
      flags,
      async (store) => {
        const key = await existing(store, value);
        // A host typed alone (www.example.com) is read as the https page a reader would open, not as no origin at all.
        const origin = /^[a-z][a-z\d+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`;
        const decision = keysFrom(store).check(key, origin);
        const shown = origin === typed ? origin : `${typed} (read as ${origin})`;
        // A denial's reason names the origin as read.
        print(flags, decision, () => (decision.allowed ? `allowed: ${shown} matches "${decision.rule}"` : `denied: ${decision.reason}`));
        if (!decision.allowed) process.exitCode = 1;
      },
      'read',
    ),
  );
}

/** `keys export`: every key with its value and settings, and each month's loads, as JSON a restore reads. */
function exportKeysCommand(keys: Command): void {
  storeOptions(
    keys
      .command('export')
      .description('Write every key (value, domains, plan, limits) and each month’s loads as JSON, for keys import.')
      .option('--out <file>', 'write to this file (readable by you only) instead of printing'),
  ).action((flags: StoreFlags & { out?: string }) =>
    withStore(
      flags,
      async (store) => {
        const backup = await exportKeys(store);
        if (!flags.out) return console.log(JSON.stringify(backup, null, 2));
        await writePrivately(flags.out, JSON.stringify(backup, null, 2));
        console.log(`${backup.keys.length} keys and ${backup.usage.length} months of usage written to ${flags.out}.`);
      },
      'read',
    ),
  );
}

/** `keys import FILE`: the keys of an export, with their values, so that publisher pages keep working. */
function importKeysCommand(keys: Command): void {
  storeOptions(
    keys
      .command('import')
      .argument('<file>', 'a file written by pressbox keys export (or store backup with --redis)')
      .description('Restore keys with their values and settings, and raise each month’s loads to the file’s (never lower).'),
  ).action((file: string, flags: StoreFlags) =>
    withStore(
      flags,
      async (store) => {
        const summary = await importKeys(store, readBackup(file));
        await store.appendAudit({
          at: Date.now(),
          actor: `cli:${cliUser()}`,
          action: 'keys.import',
          key: null,
          detail: `imported ${file}: ${summary.created} keys created, ${summary.updated} updated, ${summary.months} months of usage raised`,
        });
        print(flags, summary, () => importText(summary));
      },
      'restore',
    ),
  );
}

/** `pressbox keys …`. */
export function keyCommands(program: Command): void {
  const keys = program.command('keys').description('Create and manage publishable widget keys.');
  for (const command of [
    createKeyCommand,
    listKeysCommand,
    showKeyCommand,
    updateKeyCommand,
    revokeKeyCommand,
    rotateKeyCommand,
    checkKeyCommand,
    exportKeysCommand,
    importKeysCommand,
  ])
    command(keys);
}
