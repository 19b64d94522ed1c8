import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseTrustList, type TrustList } from '../../../../src/relay/http/client-address.js';
import { readerRegionResolver, regionHeaderName } from '../../../../src/relay/http/reader-region.js';

const trusted = (parseTrustList(['10.0.0.0/8', '::1']) as Extract<TrustList, { ok: true }>).list;
const region = readerRegionResolver('cloudfront-viewer-country-region', trusted);
const header = (value: string | string[]) => ({ 'cloudfront-viewer-country-region': value });

describe('the reader’s region', () => {
  it('is read from a trusted proxy’s header, as a canonical ISO 3166 code', () => {
    assert.equal(region('10.1.2.3', header('us-nj')), 'US-NJ');
    assert.equal(region('::ffff:10.1.2.3', header('GB')), 'GB');
    assert.equal(region('[::1]:4431', header('FR-75')), 'FR-75');
  });

  it('is unknown from a peer that is no trusted proxy, whatever it sends', () => {
    assert.equal(region('192.0.2.7', header('US-NJ')), undefined);
    assert.equal(region(undefined, header('US-NJ')), undefined, 'no socket');
    assert.equal(region('garbage', header('US-NJ')), undefined);
  });

  it('is unknown when the trusted header is missing, not a code, too long, or sent twice', () => {
    assert.equal(region('10.1.2.3', {}), undefined);
    for (const value of ['New Jersey', 'USA', 'US-NJ, GB', 'US-'.padEnd(5_000, 'N'), ''])
      assert.equal(region('10.1.2.3', header(value)), undefined, value.slice(0, 20));
    assert.equal(region('10.1.2.3', header(['US-NJ', 'GB'])), undefined);
  });

  it('is never read without a header name or a trusted proxy', () => {
    assert.equal(readerRegionResolver(undefined, trusted)('10.1.2.3', header('US-NJ')), undefined);
    assert.equal(readerRegionResolver('cloudfront-viewer-country-region', undefined)('10.1.2.3', header('US-NJ')), undefined);
  });

  it('takes a header name as HTTP writes one, in the lower case Node reads', () => {
    assert.equal(regionHeaderName('CF-IPCountry'), 'cf-ipcountry');
    for (const name of ['', 'X Region', 'X-Region:', 'é', 'x'.repeat(65)]) assert.equal(regionHeaderName(name), undefined, name);
  });
});
