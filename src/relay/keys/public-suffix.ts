import { createRequire } from 'node:module';

/**
 * The Public Suffix List as tldts ships it (a flat trie of labels, right to left), read for the one question its API
 * does not answer: which rules lie *under* a name. `*.amazonaws.com` is not itself a suffix, but `s3.amazonaws.com` is,
 * so a wildcard over it would cover every S3 bucket's site. tldts is pinned; the trie's layout is checked by the tests.
 */
interface FlatTrie {
  /** Per node: 0 = no rule ends here, 1 = an ICANN rule, 2 = a private rule. */
  nodeFlags: Uint8Array;
  /** Per node: its edges are edgeStart[node] … edgeStart[node + 1] - 1. */
  edgeStart: Uint32Array;
  /** Per edge: its label's length in labelText (labels stand one after another, in edge order), and its child node. */
  edgeLength: Uint8Array;
  edgeChild: Uint32Array;
  labelText: string;
  rulesRoot: number;
}

const trie = createRequire(import.meta.url)('tldts/dist/cjs/src/data/trie.js') as FlatTrie;

const labelOffsets = new Uint32Array(trie.edgeLength.length);
for (let edge = 0, offset = 0; edge < trie.edgeLength.length; edge++) {
  labelOffsets[edge] = offset;
  offset += trie.edgeLength[edge]!;
}

const labelOf = (edge: number) => trie.labelText.slice(labelOffsets[edge], labelOffsets[edge]! + trie.edgeLength[edge]!);

function childOf(node: number, label: string): number | undefined {
  for (let edge = trie.edgeStart[node]!; edge < trie.edgeStart[node + 1]!; edge++) if (labelOf(edge) === label) return trie.edgeChild[edge];
  return undefined;
}

export interface SuffixBelow {
  /** The first rule found, nearest first: `s3.amazonaws.com`, `*.compute.amazonaws.com`. */
  suffix: string;
  section: 'ICANN' | 'private';
}

/** A Public Suffix List rule strictly under `host` (lower case, punycode), or undefined when there is none. */
export function publicSuffixBelow(host: string): SuffixBelow | undefined {
  let node: number | undefined = trie.rulesRoot;
  for (const label of host.split('.').reverse()) {
    node = childOf(node, label);
    if (node === undefined) return undefined;
  }
  // Breadth first, so the rule named is one of the nearest.
  const queue: Array<[number, string]> = [[node, host]];
  while (queue.length > 0) {
    const [at, name] = queue.shift()!;
    for (let edge = trie.edgeStart[at]!; edge < trie.edgeStart[at + 1]!; edge++) {
      const child = trie.edgeChild[edge]!;
      const suffix = `${labelOf(edge)}.${name}`;
      const flag = trie.nodeFlags[child];
      if (flag) return { suffix, section: flag === 1 ? 'ICANN' : 'private' };
      queue.push([child, suffix]);
    }
  }
  return undefined;
}
