import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { describeFailure } from '../../../src/cli/failures.js';

describe('one-line failures', () => {
  it('names a native module built for another Node, with both versions and the fix', () => {
    // What Node throws when better-sqlite3 was compiled for another Node (its message spans five lines).
    const error = Object.assign(
      new Error(
        "The module '/srv/app/node_modules/better-sqlite3/build/Release/better_sqlite3.node'\nwas compiled against a different Node.js version using\nNODE_MODULE_VERSION 115. This version of Node.js requires\nNODE_MODULE_VERSION 137. Please try re-compiling or re-installing\nthe module (for instance, using `npm rebuild` or `npm install`).",
      ),
      { code: 'ERR_DLOPEN_FAILED' },
    );
    const line = describeFailure(error, { db: 'pressbox.db' });
    assert.ok(!line.includes('\n'), line);
    assert.match(line, /better-sqlite3\) was built for another Node \(module version 115; this Node, v\d+\.\d+\.\d+, needs 137\)/);
    assert.match(line, /run npm rebuild better-sqlite3 with the Node that runs pressbox/);
  });

  it('keeps the first line of a failure it has no rule for', () => {
    assert.equal(describeFailure(new Error('something odd\nat a stack'), {}), 'something odd');
  });
});
