// The runtime flags the relay needs, told apart from those an operator set otherwise.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { missingRuntimeFlags, semiSpaceMebibytes } from '../../../../src/relay/base/runtime-flags.js';

describe('runtime flags', () => {
  it('finds the young generation flag missing unless the command line or NODE_OPTIONS gives it, in any spelling', () => {
    assert.deepEqual(missingRuntimeFlags([], ''), ['--max-semi-space-size=16']);
    assert.deepEqual(missingRuntimeFlags(['--import', 'tsx'], '--enable-source-maps'), ['--max-semi-space-size=16']);
    assert.deepEqual(missingRuntimeFlags(['--max-semi-space-size=16'], ''), []);
    assert.deepEqual(missingRuntimeFlags([], '--max_semi_space_size=16'), []);
    assert.deepEqual(missingRuntimeFlags(['--max-semi-space-size=64'], ''), [], 'an operator’s own size is kept');
  });

  it('reads the size in force, the command line over NODE_OPTIONS', () => {
    assert.equal(semiSpaceMebibytes([], ''), undefined);
    assert.equal(semiSpaceMebibytes(['--max-semi-space-size=16'], ''), 16);
    assert.equal(semiSpaceMebibytes(['--max-semi-space-size=32'], '--max-semi-space-size=16'), 32);
    assert.equal(semiSpaceMebibytes([], '--max_semi_space_size=8'), 8);
  });
});
