import { LRUCache } from 'lru-cache';
import type { HistoryStore } from '../store/types.js';
import { currentSpender } from '../upstream/spend.js';

type KeptStore = Pick<HistoryStore, 'keepPayload' | 'keptPayload'>;

/**
 * What test keys' kept answers and snapshots may hold on one relay, and of that one key: any public `pk_test_` key
 * could otherwise keep every sandbox game and day in the store for ever.
 */
export const TEST_KEPT_CAPS = {
  perRelay: { answers: 2000, bytes: 16 * 1024 * 1024 },
  perKey: { answers: 200, bytes: 2 * 1024 * 1024 },
};

interface Held {
  body: Buffer;
  key: string;
  at: number;
}

/**
 * Test keys' kept answers, in this relay's memory and never in the store: they are the sandbox's, which every relay
 * runs itself. Least recently used go first; a key at its share keeps nothing more until some of its own go.
 */
class TestKept implements KeptStore {
  readonly #byKey = new Map<string, { answers: number; bytes: number }>();
  readonly #held = new LRUCache<string, Held>({
    max: TEST_KEPT_CAPS.perRelay.answers,
    maxSize: TEST_KEPT_CAPS.perRelay.bytes,
    sizeCalculation: (held) => Math.max(1, held.body.length),
    dispose: (held) => this.#count(held, -1),
  });

  #count(held: Held, by: 1 | -1): void {
    const share = this.#byKey.get(held.key) ?? { answers: 0, bytes: 0 };
    share.answers += by;
    share.bytes += by * held.body.length;
    if (share.answers > 0) this.#byKey.set(held.key, share);
    else this.#byKey.delete(held.key);
  }

  async keepPayload(name: string, body: Buffer, at: number): Promise<void> {
    const held = { body, key: currentSpender()?.key ?? '', at };
    const share = this.#byKey.get(held.key) ?? { answers: 0, bytes: 0 };
    const { answers, bytes } = TEST_KEPT_CAPS.perKey;
    if (share.answers >= answers || share.bytes + body.length > bytes) return;
    this.#held.set(name, held);
    if (this.#held.get(name) === held) this.#count(held, 1);
  }

  async keptPayload(name: string): Promise<Buffer | undefined> {
    return this.#held.get(name)?.body;
  }

  prune(before: number): number {
    let pruned = 0;
    for (const [name, held] of this.#held.entries()) if (held.at < before && this.#held.delete(name)) pruned++;
    return pruned;
  }
}

const testKept = new WeakMap<HistoryStore, TestKept>();

/** Where an answer named `name` is kept: test keys' (named `test:…`, resources/archive.ts) in memory, others in the store. */
export function keptStoreOf(history: HistoryStore, name: string): KeptStore {
  if (!name.startsWith('test:')) return history;
  let kept = testKept.get(history);
  if (!kept) testKept.set(history, (kept = new TestKept()));
  return kept;
}

/** Drops every answer kept before `before` (`--keep-games`): the store's, and test keys' held here. */
export async function pruneKept(history: HistoryStore, before: number): Promise<number> {
  return (await history.pruneKept(before)) + (testKept.get(history)?.prune(before) ?? 0);
}
