import { LRUCache } from 'lru-cache';

export interface Entry {
  value: unknown;
  fetchedAt: number;
}

/** The upstream a cache key belongs to: the first `|`-separated part (`live`, `test`). */
export const upstreamOf = (key: string): string => key.slice(0, Math.max(0, key.indexOf('|')));

/**
 * Test keys' answers (the sandbox, which any public `pk_test_` key reaches for free): a small partition, bounded by its
 * bytes as well as its count, so a flood of made-up or real ids costs this relay a few megabytes at most.
 */
export const TEST_PARTITION = { max: 500, maxBytes: 8 * 1024 * 1024 };

/** An answer's size as its JSON: measured only in the test partition, where a flood must be bounded in bytes. */
const jsonBytes = (entry: Entry): number => Math.max(1, JSON.stringify(entry.value)?.length ?? 1);

/**
 * One LRU per upstream, each of `max` entries (the test one smaller, and bounded by bytes): a flood of test-key traffic
 * never evicts the live upstream's answers.
 */
export class UpstreamPartitions {
  private readonly partitions = new Map<string, LRUCache<string, Entry>>();

  constructor(private readonly max: number) {}

  private of(key: string): LRUCache<string, Entry> {
    const name = upstreamOf(key);
    let partition = this.partitions.get(name);
    if (!partition) this.partitions.set(name, (partition = this.partitionFor(name)));
    return partition;
  }

  private partitionFor(name: string): LRUCache<string, Entry> {
    if (name !== 'test') return new LRUCache({ max: this.max });
    return new LRUCache({ max: Math.min(this.max, TEST_PARTITION.max), maxSize: TEST_PARTITION.maxBytes, sizeCalculation: jsonBytes });
  }

  get(key: string): Entry | undefined {
    return this.of(key).get(key);
  }

  set(key: string, entry: Entry): void {
    this.of(key).set(key, entry);
  }

  clear(): void {
    for (const partition of this.partitions.values()) partition.clear();
  }
}
