/// <reference types="mocha" />
import { expect } from '@open-wc/testing';
import * as z from 'zod/mini';
import { CONTRACT_REVISION, CONTRACT_VERSION } from '../../../src/contract/version.js';
import { injuriesPayloadSchema, type InjuriesPayload } from '../../../src/contract/insights.js';
import { resolveConfig } from '../../../src/widgets/runtime/config.js';
import { configure } from '../../../src/widgets/runtime/page-settings.js';
import { PressboxError, checkContract } from '../../../src/widgets/runtime/errors.js';
import { formatStartTime } from '../../../src/widgets/runtime/format.js';
import { RelayClient } from '../../../src/widgets/runtime/relay-client.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { freshKey, loadsCounted, resetRelay, setFaults, testSetup } from '../helpers.js';

describe('relay client', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });
  afterEach(() => resetRelay());

  const injuries = (client: RelayClient, key: string, league = 'nba') => client.url('/v1/injuries', { league, key });

  it('shares one request between callers asking for the same thing', async () => {
    const key = await freshKey();
    const client = RelayClient.for(setup.relay);
    const before = client.requests;
    const [a, b] = await Promise.all([
      client.get<InjuriesPayload>(injuries(client, key)),
      client.get<InjuriesPayload>(injuries(client, key)),
    ]);
    expect(client.requests - before).to.equal(1);
    expect(a.data).to.deep.equal(b.data);
    expect(z.safeParse(injuriesPayloadSchema, a.data).success, 'the relay sends what the contract says').to.equal(true);
    expect(await loadsCounted(key)).to.equal(1);
  });

  it('keeps a shared request alive while one caller still wants it, and aborts it when none do', async () => {
    await setFaults([{ kind: 'latency', latencyMs: 600, path: '/injuries' }]);
    const key = await freshKey();
    const client = RelayClient.for(setup.relay);
    const first = new AbortController();
    const second = new AbortController();
    const abandoned = client.get<InjuriesPayload>(injuries(client, key, 'nhl'), first.signal);
    const kept = client.get<InjuriesPayload>(injuries(client, key, 'nhl'), second.signal);
    first.abort();
    await abandoned.then(
      () => expect.fail('the abandoned call should reject'),
      (error: Error) => expect(error.name).to.equal('AbortError'),
    );
    expect((await kept).data.league).to.equal('nhl');

    const lonely = new AbortController();
    const superseded = client.get<InjuriesPayload>(injuries(client, key, 'mlb'), lonely.signal);
    lonely.abort();
    await superseded.then(
      () => expect.fail('should reject'),
      (error: Error) => expect(error.name).to.equal('AbortError'),
    );
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(await loadsCounted(key)).to.equal(1, 'the aborted request never became a load');
  });

  it('gives a caller that lets go and asks again at once a request of its own (an element scrolled into view)', async () => {
    await setFaults([{ kind: 'latency', latencyMs: 300, path: '/injuries' }]);
    const key = await freshKey();
    const client = RelayClient.for(setup.relay);
    const before = client.requests;
    const offScreen = new AbortController();
    const dropped = client.get<InjuriesPayload>(injuries(client, key, 'nfl'), offScreen.signal);
    dropped.catch(() => {});
    // What ResourceController.#load does when the element comes back into view: abort its request, then ask again.
    offScreen.abort();
    const again = await client.get<InjuriesPayload>(injuries(client, key, 'nfl'), new AbortController().signal);
    expect(again.data.league).to.equal('nfl');
    expect(client.requests - before).to.equal(2, 'the aborted fetch, and a new one');
  });

  it('revalidates with the ETag: unchanged data answers 304 through the browser cache and costs no load', async () => {
    // WebKit under WebDriver runs an ephemeral session without an HTTP cache: it never sends If-None-Match there, so
    // the second call is a full answer and a load (the client still sees the same ETag). Safari keeps a cache.
    const withCache = !(/AppleWebKit/.test(navigator.userAgent) && !/Chrome/.test(navigator.userAgent));
    const key = await freshKey();
    const client = RelayClient.for(setup.relay);
    const first = await client.get<InjuriesPayload>(injuries(client, key, 'wnba'));
    expect(first.unchanged).to.equal(false);
    const second = await client.get<InjuriesPayload>(injuries(client, key, 'wnba'));
    expect(second.unchanged).to.equal(true);
    expect(second.data).to.deep.equal(first.data);
    expect(await loadsCounted(key)).to.equal(withCache ? 1 : 2, 'a 304 costs no load');
  });

  it('turns error bodies into typed errors with the relay code and Retry-After', async () => {
    const client = RelayClient.for(setup.relay);
    const error = await client.get<InjuriesPayload>(injuries(client, setup.keys.spent)).catch((failure: unknown) => failure);
    expect(error).to.be.instanceOf(PressboxError);
    expect((error as PressboxError).code).to.equal('quota_exceeded');
    expect((error as PressboxError).status).to.equal(429);
    expect((error as PressboxError).retryAfterSeconds).to.be.greaterThan(0);
    const network = await RelayClient.for('http://127.0.0.1:9')
      .get<InjuriesPayload>('http://127.0.0.1:9/v1/injuries?league=nba')
      .catch((failure: unknown) => failure);
    expect((network as PressboxError).code).to.equal('network');
  });

  it('accepts its own contract version at its revision or a newer one, and refuses the rest with a message that names the fix', () => {
    expect(() => checkContract(String(CONTRACT_VERSION), String(CONTRACT_REVISION), setup.relay)).not.to.throw();
    // A newer revision only adds fields this script ignores.
    expect(() => checkContract(String(CONTRACT_VERSION), String(CONTRACT_REVISION + 1), setup.relay)).not.to.throw();
    const refused: [unknown, unknown][] = [
      [String(CONTRACT_VERSION + 1), String(CONTRACT_REVISION)],
      [null, null],
      // An older relay: its answers lack fields this script reads.
      [String(CONTRACT_VERSION), String(CONTRACT_REVISION - 1)],
      [String(CONTRACT_VERSION), null],
    ];
    for (const [version, revision] of refused) {
      const error = (() => {
        try {
          checkContract(version, revision, setup.relay);
        } catch (failure) {
          return failure as PressboxError;
        }
      })();
      expect(error?.code, `${version}.${revision}`).to.equal('bad_response');
      expect(error?.message).to.contain(`${setup.relay}/pressbox.js`);
    }
  });
});

describe('configuration', () => {
  afterEach(() => {
    document.querySelectorAll('script[data-test-pressbox]').forEach((script) => script.remove());
    configure({ key: undefined, relay: undefined });
  });

  function scriptTag(attributes: Record<string, string>): void {
    const script = document.createElement('script');
    script.type = 'text/plain';
    script.dataset.testPressbox = '';
    for (const [name, value] of Object.entries(attributes)) script.setAttribute(name, value);
    document.head.append(script);
  }

  it('takes the key from data-key and the relay from the script address', () => {
    scriptTag({ src: 'https://widgets.example.com/pressbox.js', 'data-key': 'pk_live_from_tag' });
    expect(resolveConfig({})).to.deep.equal({ key: 'pk_live_from_tag', relay: 'https://widgets.example.com' });
  });

  it('lets the JS API override the tag, and element attributes override both', () => {
    scriptTag({ src: 'https://widgets.example.com/pressbox.js', 'data-key': 'pk_live_from_tag' });
    configure({ key: 'pk_live_from_api' });
    expect(resolveConfig({})).to.deep.equal({ key: 'pk_live_from_api', relay: 'https://widgets.example.com' });
    expect(resolveConfig({ key: 'pk_live_from_element', relay: 'https://relay.example.org/' })).to.deep.equal({
      key: 'pk_live_from_element',
      relay: 'https://relay.example.org',
    });
  });

  it('says what is missing when there is no key', () => {
    const result = resolveConfig({ relay: 'https://relay.example.org' });
    expect(result).to.be.instanceOf(PressboxError);
    expect((result as PressboxError).code).to.equal('missing_key');
    expect((result as PressboxError).message).to.contain('data-key');
  });
});

describe('Intl formatting', () => {
  it('shows start times in the time zone asked, and falls back to the reader’s for an unknown zone', () => {
    const tip = '2026-11-22T23:30:00Z';
    expect(formatStartTime(tip, { locale: 'en-US', timeZone: 'America/New_York' })).to.equal('6:30 PM');
    expect(formatStartTime(tip, { locale: 'en-GB', timeZone: 'Europe/London' })).to.equal('23:30');
    expect(formatStartTime(tip, { locale: 'en-US', timeZone: 'Mars/Olympus' })).to.equal(formatStartTime(tip, { locale: 'en-US' }));
  });
});
