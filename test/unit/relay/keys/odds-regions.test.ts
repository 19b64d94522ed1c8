import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_ODDS_REGIONS, oddsShownIn, parseOddsRegions, regionCode } from '../../../../src/relay/keys/odds-regions.js';

describe('where odds may show', () => {
  it('shows odds everywhere for a key without a list, whatever the reader’s region', () => {
    for (const region of ['US-NJ', 'GB', undefined]) {
      assert.equal(oddsShownIn(null, region), true);
      assert.equal(oddsShownIn(undefined, region), true);
    }
  });

  it('matches a country entry to the country and each of its subdivisions, a subdivision entry to itself alone', () => {
    const list = ['US-NJ', 'US-PA', 'GB'];
    assert.equal(oddsShownIn(list, 'US-NJ'), true);
    assert.equal(oddsShownIn(list, 'US-PA'), true);
    assert.equal(oddsShownIn(list, 'GB'), true);
    assert.equal(oddsShownIn(list, 'GB-SCT'), true, 'GB covers its subdivisions');
    assert.equal(oddsShownIn(list, 'US-NY'), false);
    assert.equal(oddsShownIn(list, 'US'), false, 'a reader known only by country is not in one of its subdivisions');
    assert.equal(oddsShownIn(list, 'FR'), false);
    assert.equal(oddsShownIn(['US'], 'US-NY'), true);
  });

  it('keeps odds closed for a reader of unknown region when the key lists regions', () => {
    assert.equal(oddsShownIn(['US-NJ'], undefined), false);
    assert.equal(oddsShownIn([], 'US-NJ'), false, 'an empty list opens nothing');
  });
});

describe('region codes', () => {
  it('reads ISO 3166 countries and subdivisions in any case, and nothing else', () => {
    assert.equal(regionCode('us-nj'), 'US-NJ');
    assert.equal(regionCode(' GB '), 'GB');
    assert.equal(regionCode('GB-SCT'), 'GB-SCT');
    assert.equal(regionCode('FR-75'), 'FR-75');
    for (const invalid of ['', 'USA', 'U', 'US-', 'US-NJXX', 'US_NJ', 'US NJ', 'US-NJ, GB', '1U', 'ÜS', 'US-N J', 'x'.repeat(10_000)])
      assert.equal(regionCode(invalid), undefined, invalid);
  });

  it('reads a key’s list from commas and repeats, deduplicated, and refuses what is no list', () => {
    assert.deepEqual(parseOddsRegions(['us-nj,US-PA', 'GB', 'US-NJ']), { ok: true, regions: ['US-NJ', 'US-PA', 'GB'] });
    const wrong = parseOddsRegions(['US-NJ', 'New Jersey']);
    assert.equal(wrong.ok, false);
    assert.match(!wrong.ok ? wrong.message : '', /"New Jersey" is not an ISO 3166 code/);
    assert.equal(parseOddsRegions([',']).ok, false, 'an empty list is refused: no list is written --no-odds-regions');
    const many = Array.from({ length: MAX_ODDS_REGIONS + 1 }, (_, i) => `US-${i}`);
    assert.equal(parseOddsRegions(many).ok, false);
    assert.equal(parseOddsRegions(many.slice(1)).ok, true);
  });
});
