// @pressbox/elements/render as a page's server calls it: the relay's HTML when it answers, the bare tag (which the
// browser renders as it always does) when it cannot, and a CSP nonce on the styles when the page has one.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { RunningRelay } from '../../../../src/relay/server.js';
import { renderElement } from '../../../../src/widgets/render.js';
import { addKey, testRelay } from '../../../helpers/relay.js';

describe('renderElement()', () => {
  let relay: RunningRelay;
  let key: string;
  const warnings: string[] = [];
  const warn = console.warn;
  before(async () => {
    relay = await testRelay();
    key = await addKey(relay, ['news.example.com']);
    console.warn = (message: string) => warnings.push(message);
  });
  after(async () => {
    console.warn = warn;
    await relay?.close();
  });

  it('answers the relay’s server-rendered element for an allowed page', async () => {
    const html = await renderElement(
      'standings-table',
      { league: 'nba' },
      { relay: relay.origin, key, origin: 'https://news.example.com' },
    );
    assert.match(html, /^<standings-table league="nba"[^>]*><template shadowroot="open" shadowrootmode="open"><style>/);
  });

  it('writes the page’s CSP nonce on every style element, and only a nonce’s characters', async () => {
    const html = await renderElement(
      'standings-table',
      { league: 'nba' },
      { relay: relay.origin, key, origin: 'https://news.example.com', nonce: 'r4nd0m+/="><x' },
    );
    assert.doesNotMatch(html, /<style>/);
    assert.match(html, /<style nonce="r4nd0m\+\/=x">/);
  });

  it('falls back to the bare tag, and says why, when the relay refuses or cannot be reached', async () => {
    const refused = await renderElement(
      'score-strip',
      { league: 'nba', team: '"><b>' },
      { relay: relay.origin, key, origin: 'https://elsewhere.example' },
    );
    assert.equal(refused, '<score-strip league="nba" team="&#34;&#62;&#60;b&#62;"></score-strip>');
    assert.match(warnings.at(-1)!, /<score-strip> was not rendered on the server \(403\): .*origin_not_allowed/);
    const unreachable = await renderElement(
      'score-strip',
      { league: 'nba' },
      { relay: 'http://127.0.0.1:9', key, origin: 'https://news.example.com' },
    );
    assert.equal(unreachable, '<score-strip league="nba"></score-strip>');
    assert.match(warnings.at(-1)!, /<score-strip> was not rendered on the server: fetch failed/);
    // A relay address missing from the build's environment (Next.js prerendering a page at build time).
    const unset = await renderElement(
      'score-strip',
      { league: 'nba' },
      { relay: undefined as unknown as string, key, origin: 'https://news.example.com' },
    );
    assert.equal(unset, '<score-strip league="nba"></score-strip>');
  });
});
