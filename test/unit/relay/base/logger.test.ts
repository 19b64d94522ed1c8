// The relay's JSON log lines: one object per line that a log shipper parses back to the fields given, whatever a
// reader put in a path, and nothing in a line that could move a terminal's cursor or start a forged line.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { jsonLogger } from '../../../../src/relay/base/logger.js';

function linesOf(log: (logger: ReturnType<typeof jsonLogger>) => void): string[] {
  const lines: string[] = [];
  log(jsonLogger((line) => lines.push(line)));
  return lines;
}

describe('jsonLogger', () => {
  it('writes each field so that the line parses back to it, plain or not', () => {
    const fields = {
      method: 'GET',
      path: '/v1/games/a"b\\c',
      status: 200,
      ms: 3.4,
      notANumber: NaN,
      client: '2001:db8::1',
      word: 'Überraschung',
      nested: { leagues: ['nba', 'nhl'] },
      flag: true,
      nothing: null,
      left: undefined,
    };
    const [line] = linesOf((logger) => logger.log('info', 'request', fields));
    const parsed = JSON.parse(line!) as Record<string, unknown>;
    assert.equal(parsed.level, 'info');
    assert.equal(parsed.message, 'request');
    assert.match(parsed.time as string, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    const { left: _left, ...written } = fields;
    assert.deepEqual(
      { ...parsed, time: undefined, level: undefined, message: undefined },
      {
        ...JSON.parse(JSON.stringify(written)),
        time: undefined,
        level: undefined,
        message: undefined,
      },
    );
    assert.equal('left' in parsed, false, 'an undefined field is left out, as JSON.stringify leaves it');
  });

  it('escapes every control character, DEL, C1 and the Unicode line separators', () => {
    const hostile = 'a\u001b[2Jb\u007fc\u0085d\u2028e\u2029f\ng';
    const [line] = linesOf((logger) => logger.log('warn', 'odd path', { path: hostile }));
    // eslint-disable-next-line no-control-regex -- finding control characters is the assertion
    assert.doesNotMatch(line!, /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/);
    assert.equal((JSON.parse(line!) as { path: string }).path, hostile);
  });
});
