// A key's responsible-gambling line per region: what an operator may write, and which line a reader gets.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { gamblingLineFor, gamblingLinesParam, parseGamblingLines } from '../../../../src/relay/keys/gambling-lines.js';

const NJ = '21+ only. Gambling problem? Call 1-800-GAMBLER.';
const GB = '18+ only. BeGambleAware.org';

describe('gambling lines', () => {
  it('takes REGION=line entries, regions canonical, the last line for a region winning', () => {
    assert.deepEqual(parseGamblingLines([`us-nj = ${NJ}`, `GB=${GB}`, 'GB=18+']), { ok: true, lines: { 'US-NJ': NJ, GB: '18+' } });
  });

  it('refuses what is no region, no line, markup or too long, saying what to change', () => {
    const message = (entry: string) => (parseGamblingLines([entry]) as { message: string }).message;
    assert.match(message('New Jersey=21+'), /not an ISO 3166 code/);
    assert.match(message('US-NJ'), /"REGION=line"/);
    assert.match(message('US-NJ='), /write the line after "="/);
    assert.match(message('US-NJ=<a href=x>call</a>'), /plain text/);
    assert.match(message(`US-NJ=${'x'.repeat(201)}`), /longer than 200/);
    assert.equal(gamblingLinesParam.safeParse({ 'US-NJ': NJ, nowhere: 'x' }).success, false);
    assert.equal(gamblingLinesParam.parse({}), null, 'no lines is none');
  });

  it('gives a reader the line of its subdivision, else of its country, and none for an unknown region', () => {
    const lines = { 'US-NJ': NJ, US: '21+ only.', GB };
    assert.equal(gamblingLineFor(lines, 'US-NJ'), NJ);
    assert.equal(gamblingLineFor(lines, 'US-PA'), '21+ only.');
    assert.equal(gamblingLineFor(lines, 'GB-SCT'), GB);
    assert.equal(gamblingLineFor(lines, 'FR'), undefined);
    assert.equal(gamblingLineFor(lines, undefined), undefined);
    assert.equal(gamblingLineFor(null, 'US-NJ'), undefined);
  });
});
