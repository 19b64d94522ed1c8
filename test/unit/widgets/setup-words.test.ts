import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { term, translator, type Localized } from '../../../src/widgets/i18n/translate.js';
import { PressboxError } from '../../../src/widgets/runtime/errors.js';
import { setupMessage } from '../../../src/widgets/ui/setup-words.js';

const inLocale = (locale: string): Localized => {
  const catalog = JSON.parse(readFileSync(new URL(`../../../src/widgets/i18n/messages/${locale}.json`, import.meta.url), 'utf8'));
  return { locale, rtl: false, t: translator(locale, (id) => catalog[id]) } as Localized;
};

describe('the words of a refusal of betting data', () => {
  it('tell a reader outside the key’s odds regions that betting data is not available where they are', () => {
    const refused = new PressboxError('plan_required', 'Betting data is not available where this reader is: …', 403, undefined, {
      oddsHidden: 'region',
    });
    assert.equal(setupMessage(term, refused, inLocale('en')), 'Betting data is not available where you are.');
    assert.equal(setupMessage(term, refused, inLocale('de')), 'Wettdaten sind in dieser Region nicht verfügbar.');
  });

  it('name the leagues an element serves, as before', () => {
    const refused = new PressboxError('bad_request', 'Bad request: league …', 400, undefined, { leagues: ['nba', 'nhl'] });
    assert.equal(setupMessage(term, refused, inLocale('en')), 'This widget covers NBA, NHL only.');
  });

  it('keep the plan’s sentence for a key that hides odds, and for an older relay that does not say why', () => {
    for (const oddsHidden of [true, undefined] as const) {
      const refused = new PressboxError('plan_required', 'Betting data is turned off for this widget key …', 403, undefined, {
        oddsHidden,
      });
      assert.equal(setupMessage(term, refused, inLocale('en')), 'This feature is not included in this site’s plan.');
    }
  });
});
