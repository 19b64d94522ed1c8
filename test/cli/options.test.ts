// The relay's flags as `--help` shows them and as they are read: durations written as people write them.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { Command } from 'commander';
import { duration, writtenDuration } from '../../src/cli/options.js';
import { relayCommands } from '../../src/cli/relay-commands.js';
import { keyCommands } from '../../src/cli/keys-commands.js';
import { workerExit } from '../../src/relay/cluster/primary.js';

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
    assert.equal(serveWith(), undefined);
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
