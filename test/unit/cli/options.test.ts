// The relay's flags as `--help` shows them and as they are read: durations written as people write them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Command } from 'commander';
import { duration } from '../../../src/cli/options.js';
import { writtenDuration } from '../../../src/relay/features/flags.js';
import { relayCommands } from '../../../src/cli/relay-commands.js';
import { keyCommands } from '../../../src/cli/keys-commands.js';
import { workerExit } from '../../../src/relay/cluster/primary.js';
import { featureOptions } from '../../../src/cli/feature-flags.js';
import { RELAY_FEATURES } from '../../../src/relay/features/index.js';

describe('durations', () => {
  it('are written back in the largest unit that divides them, and read again to the same value', () => {
    for (const [ms, written] of [
      [60_000, '1m'],
      [90_000, '90s'],
      [30 * 86_400_000, '30d'],
      [7 * 86_400_000, '7d'],
      [36 * 3_600_000, '36h'],
      [0, '0'],
    ] as const) {
      assert.equal(writtenDuration(ms), written);
      assert.equal(duration(written), ms);
    }
  });

  it('show their defaults in --help as written, never in milliseconds', () => {
    const program = new Command();
    relayCommands(program);
    keyCommands(program);
    const help = (path: string[]) =>
      path.reduce((command, name) => command.commands.find((sub) => sub.name() === name)!, program).helpInformation();
    const serve = help(['serve']);
    assert.match(serve, /--record-every <duration>[^]*?\(default: 1m\)/);
    assert.match(serve, /--record-retention <duration>[^]*?\(default: 30d\)/);
    assert.match(help(['keys', 'rotate']), /\(default: 7d\)/);
    assert.doesNotMatch(serve + help(['keys', 'rotate']), /default: (60000|2592000000|604800000)\)/);
  });
});

describe('--record-leagues', () => {
  it('reads auto as auto (the recorder follows readers), never as an empty list, and a list as those leagues', () => {
    const serveWith = (...args: string[]) => {
      const program = new Command();
      relayCommands(program);
      const serve = program.commands.find((command) => command.name() === 'serve')!;
      serve.parseOptions(args);
      return serve.opts().recordLeagues as unknown;
    };
    assert.equal(serveWith('--record-leagues', 'auto'), 'auto');
    assert.equal(serveWith(), 'auto');
    assert.deepEqual(serveWith('--record-leagues', 'NBA, nhl'), ['nba', 'nhl']);
  });
});

describe('a worker’s end in the log', () => {
  it('is news when it was stopped on purpose, an error when it crashed or was killed', () => {
    assert.equal(workerExit(null, 'SIGTERM').level, 'info');
    assert.equal(workerExit(null, 'SIGINT').level, 'info');
    assert.equal(workerExit(0, null).level, 'info');
    assert.deepEqual(workerExit(null, 'SIGKILL'), { level: 'error', message: 'relay worker died; starting another' });
    assert.equal(workerExit(1, null).level, 'error');
  });
});

describe("serve's flags", () => {
  const serveOptions = (...args: string[]) => {
    const program = new Command();
    relayCommands(program);
    const serve = program.commands.find((command) => command.name() === 'serve')!;
    serve.parseOptions(args);
    return featureOptions(RELAY_FEATURES, serve.opts());
  };

  it('reach the feature that declared them, in its units, and the defaults where none is given', () => {
    const options = serveOptions(
      '--record-every',
      '45s',
      '--max-streams',
      '9',
      '--rate-limit',
      '120',
      '--upstream-slow-at',
      '80%',
      '--trust-proxy',
      'loopback,10.0.0.0/8',
      '--trust-proxy',
      '192.0.2.7',
    );
    const group = (name: string) => options[name] as Record<string, unknown>;
    assert.equal(group('recorder').everyMs, 45_000);
    assert.equal(group('recorder').leagues, 'auto', 'the default where none is given');
    assert.equal(group('recorder').retentionMs, 30 * 86_400_000);
    assert.equal(group('live').maxStreams, 9);
    assert.equal(group('live').maxStreamsPerAddress, 50);
    assert.equal(group('live').upstreamShare, 0.6);
    assert.equal(group('upstream').slowAt, 0.8);
    assert.deepEqual(options.rateLimit, { perMinute: 120, burst: 24 });
    assert.deepEqual(options.trustProxy, ['loopback', '10.0.0.0/8', '192.0.2.7']);
    assert.equal(options.port, 8787);
    assert.equal(options.db, 'pressbox.db');
  });

  it('all have a description, a value to write and a name no other flag has', () => {
    const flags = RELAY_FEATURES.flatMap((feature) => Object.values(feature.flags));
    assert.equal(new Set(flags.map((flag) => flag.name)).size, flags.length);
    for (const flag of flags) {
      assert.match(flag.name, /^--[a-z]+(-[a-z]+)*$/);
      assert.match(flag.value, /^<[^>]+>$/);
      assert.ok(flag.description.length > 10, flag.name);
      if (flag.default !== undefined) assert.ok(flag.shown, `${flag.name} shows its default as written`);
    }
  });
});
