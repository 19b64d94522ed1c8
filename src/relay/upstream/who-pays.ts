import { localReader, readerNetwork } from '../metering/attribution.js';
import { tooManyTopics, type SpendGuard } from './spend-guard.js';
import { spendingAs, type Payer, type Spender } from './spend.js';

/** What the rules read of a granted request: its key, and whether it is a test key (the sandbox costs nothing). */
interface KeyOfRequest {
  key: { key: string; test?: boolean };
}

/** The live topics a stream would add, as the hub counts them (live/hub.ts). */
export interface TopicCounts {
  /** Topics of the stream not polled yet: only those add upstream cost. */
  fresh: number;
  ownedBy(owner: string): number;
  /** Topics polled for the upstream the stream reads (`live`, or the test keys' `test`). */
  polled: number;
}

/**
 * The one rule of who pays, for GETs and streams alike: the key, and the reader's network unless the reader is on this
 * machine (a demo, a test, a proxy not declared with --trust-proxy: it cannot be told apart from the others). A test
 * key is served by the sandbox, which costs the operator nothing: attributed, never charged.
 */
export function spenderOf(access: KeyOfRequest, address: string): Spender {
  const key = access.key.key;
  const network = readerNetwork(address);
  if (access.key.test) return { key, network };
  const payer: Payer = { key, network: localReader(address) ? undefined : network };
  return { key, network, payer };
}

/**
 * A build as its reader: what the relay holds is always answered (stale where a refresh could not be paid for); only a
 * build that needed a call nobody could pay for, with nothing held to stand in, is refused with that refusal.
 */
export async function servedAs<T>(spender: Spender, build: () => T | Promise<T>): Promise<T> {
  try {
    const built = await spendingAs(spender, build);
    if (spender.refused) throw spender.refused;
    return built;
  } catch (error) {
    throw spender.refused ?? error;
  }
}

/**
 * The spender of a stream's topics, once the topics it would start fit the caps (per network, per key, the test keys'
 * pool, the relay). Topics others already poll are free; whether each poll can be paid for is decided when it runs
 * (a topic nobody can pay for keeps its last data), so opening a stream never waits on a bucket.
 */
export function topicSpender(spend: SpendGuard, access: KeyOfRequest, address: string, counts: TopicCounts): Spender {
  const spender = spenderOf(access, address);
  const { fresh } = counts;
  if (fresh === 0) return spender;
  const { topicsPerKey, topicsPerNetwork, topics, testTopics } = spend.limits;
  const network = spender.payer?.network;
  if (network !== undefined && counts.ownedBy(`n|${network}`) + fresh > topicsPerNetwork)
    throw tooManyTopics('this address’s network', topicsPerNetwork);
  if (counts.ownedBy(`k|${spender.key}`) + fresh > topicsPerKey) throw tooManyTopics('this widget key', topicsPerKey);
  if (access.key.test && counts.polled + fresh > testTopics) throw tooManyTopics('the test keys’ pool on this relay', testTopics);
  if (counts.polled + fresh > topics) throw tooManyTopics('this relay', topics);
  return spender;
}
