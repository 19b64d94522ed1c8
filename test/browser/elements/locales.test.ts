/// <reference types="mocha" />
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../../src/widgets/index.js';
import en from '../../../src/widgets/i18n/messages/en.json' with { type: 'json' };
import { WIDGET_LEAGUES } from '../../../src/contract/leagues.js';
import type { PressboxElement } from '../../../src/widgets/ui/pressbox-element.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { ELEMENTS, mountElement, type Attributes, caseOf } from '../element-cases.js';
import {
  advanceRelayClock,
  freshKey,
  hasState,
  loadsCounted,
  nextEvent,
  resetRelay,
  setFaults,
  settled,
  shadow,
  spokenText,
  testSetup,
  until,
} from '../helpers.js';

/**
 * Words a native editor keeps as they are, reviewed one by one: German sports and web vocabulary in the Duden
 * (Position, Rebounds, Yards, Pause…). Japanese and Arabic share none.
 */
const SHARED_WITH_ENGLISH: Record<string, string[]> = {
  de: 'widget website pos position status college basketball football touchdowns yards strikeouts rebounds runs bases pause ticker team assists pitcher wind'.split(
    ' ',
  ),
  ja: [],
  ar: [],
};

const wordsOf = (texts: Iterable<string>) =>
  new Set([...texts].flatMap((text) => text.replace(/\{\w+\}/g, ' ').match(/\p{L}{3,}/gu) ?? []).map((word) => word.toLowerCase()));

/** The English interface words a reader of `locale` must not meet: every word of the English catalog but those shared. */
function englishWordsFor(locale: string): Set<string> {
  const shared = new Set(SHARED_WITH_ENGLISH[locale]);
  // League codes are names in every language ("NBA Finals" names one).
  const leagues = new Set<string>(WIDGET_LEAGUES);
  return new Set([...wordsOf(Object.values(en))].filter((word) => !shared.has(word) && !leagues.has(word)));
}

/** Team and player names, abbreviations and positions: the data's own words, which stay as they are. */
function namesIn(data: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(data)) data.forEach((item) => namesIn(item, names));
  else if (data && typeof data === 'object')
    for (const [key, value] of Object.entries(data)) {
      if (typeof value === 'string' && ['name', 'shortName', 'abbreviation', 'team', 'position'].includes(key)) names.add(value);
      else namesIn(value, names);
    }
  return names;
}

/** All a reader sees or hears: the text (hidden text for screen readers included) and every accessible name. */
function readerText(element: PressboxElement): string {
  const root = shadow(element);
  const labels = [...root.querySelectorAll('[aria-label], [title]')].map(
    (node) => `${node.getAttribute('aria-label') ?? ''} ${node.getAttribute('title') ?? ''}`,
  );
  return [root.textContent ?? '', ...labels].join(' ');
}

function englishLeft(element: PressboxElement, locale: string): string[] {
  let text = readerText(element);
  const names = [...namesIn((element as unknown as { resource: { data: unknown } }).resource.data)].sort((a, b) => b.length - a.length);
  for (const name of names) text = text.replaceAll(name, ' ');
  const english = englishWordsFor(locale);
  return [...wordsOf([text])].filter((word) => english.has(word));
}

describe('localized elements', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });
  afterEach(() => resetRelay());

  const mount = (tag: string, attributes: Attributes, key = setup.keys.test) => mountElement(setup, tag, attributes, key);

  for (const locale of ['de', 'ja', 'ar']) {
    describe(`locale="${locale}"`, () => {
      for (const { tag, attributes, empty, emptyFor } of ELEMENTS) {
        it(`<${tag}>: no English interface words with data, empty, in error, stale or loading, and axe passes`, async () => {
          // One element on screen at a time: elements below the fold wait to load until they are scrolled to.
          const data = await mount(tag, { ...(await attributes('nba', setup)), locale });
          await settled(data);
          expect(englishLeft(data, locale), 'with data').to.deep.equal([]);
          await expect(data).to.be.accessible();
          await setFaults([{ kind: 'status', status: 503 }]);
          await advanceRelayClock(60 * 60_000);
          await data.refresh();
          await data.updateComplete;
          expect(hasState(data, 'stale')).to.equal(true);
          expect(englishLeft(data, locale), 'stale').to.deep.equal([]);
          data.remove();
          await setFaults([]);

          if (empty || emptyFor) {
            const nothing = await mount(tag, { ...(empty ?? (await emptyFor!(setup))), locale });
            await settled(nothing);
            expect(englishLeft(nothing, locale), 'empty').to.deep.equal([]);
            nothing.remove();
          }

          const failing = await mount(tag, { ...(await attributes('nba', setup)), locale }, setup.keys.invalid);
          await until(() => hasState(failing, 'error'));
          await failing.updateComplete;
          expect(shadow(failing).querySelector('.message')!.getAttribute('data-code')).to.equal('invalid_key');
          expect(englishLeft(failing, locale), 'in error').to.deep.equal([]);
          await expect(failing).to.be.accessible();
          failing.remove();

          await setFaults([{ kind: 'latency', latencyMs: 1000, path: '/live-games' }]);
          const loading = await mount(tag, { ...(await attributes('wnba', setup)), locale });
          await loading.updateComplete;
          expect(englishLeft(loading, locale), 'loading').to.deep.equal([]);
        });
      }
    });
  }

  describe('which locale', () => {
    const words = (element: PressboxElement) => shadow(element).querySelector('section')!.getAttribute('aria-label');
    const lastFive = (attributes: Attributes = {}) => ({ league: 'nba', team: 'BOS', ...attributes });

    it("follows the element's locale, then the script tag's data-locale, then the nearest lang, then the browser", async () => {
      const script = Object.assign(document.createElement('script'), { type: 'text/plain' });
      script.dataset.pressbox = '';
      const wrapper = await fixture<HTMLDivElement>(html`<div lang="fr"></div>`);
      const inFrench = (attributes: Attributes) => {
        const element = document.createElement('last-five') as PressboxElement;
        for (const [name, value] of Object.entries({ key: setup.keys.test, relay: setup.relay, ...attributes }))
          element.setAttribute(name, value);
        wrapper.append(element);
        return element;
      };
      const byLang = inFrench(lastFive());
      await settled(byLang);
      expect(words(byLang)).to.match(/cinq derniers matchs/);
      byLang.remove();
      const byAttribute = inFrench(lastFive({ locale: 'it' }));
      await settled(byAttribute);
      expect(words(byAttribute)).to.match(/ultime cinque partite/);
      byAttribute.remove();
      document.head.append(script);
      script.dataset.locale = 'nl';
      try {
        const byScript = inFrench(lastFive());
        await settled(byScript);
        expect(words(byScript)).to.match(/laatste vijf wedstrijden/);
        byScript.remove();
      } finally {
        script.remove();
      }
      const byBrowser = await mount('last-five', lastFive());
      const asBrowser = await mount('last-five', lastFive({ locale: navigator.languages[0]! }));
      await Promise.all([settled(byBrowser), settled(asBrowser)]);
      expect(words(byBrowser)).to.equal(words(asBrowser));
    });

    it('falls back by language (de-AT shows German, pt Brazilian Portuguese), then to English with one warning naming the list', async () => {
      const austrian = await mount('last-five', lastFive({ locale: 'de-AT' }));
      await settled(austrian);
      expect(words(austrian)).to.match(/die letzten fünf Spiele/);
      const portuguese = await mount('last-five', lastFive({ locale: 'pt' }));
      await settled(portuguese);
      expect(words(portuguese)).to.match(/últimos cinco jogos/);
      const warnings: string[] = [];
      const original = console.warn;
      console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
      try {
        const first = await mount('last-five', lastFive({ locale: 'sv-SE' }));
        const second = await mount('last-five', lastFive({ locale: 'sv-SE' }));
        await Promise.all([settled(first), settled(second)]);
        expect(words(first)).to.match(/last five games/);
        expect(words(second)).to.match(/last five games/);
      } finally {
        console.warn = original;
      }
      const localeWarnings = warnings.filter((line) => line.includes('sv-SE'));
      expect(localeWarnings).to.have.length(1);
      expect(localeWarnings[0]).to.include('en, es, fr, de, it, pt-BR, nl, pl, ja, ar');
    });

    it('changes language at run time without a reload or a new data request', async () => {
      const key = await freshKey();
      const element = await mount('last-five', lastFive({ locale: 'en' }), key);
      await settled(element);
      const loads = await loadsCounted(key);
      expect(words(element)).to.match(/last five games/);
      element.setAttribute('locale', 'ja');
      await until(() => /直近5試合/.test(words(element) ?? ''));
      element.setAttribute('locale', 'ar');
      await until(() => /آخر خمس مباريات/.test(words(element) ?? ''));
      expect(element.getAttribute('dir')).to.equal('rtl');
      element.setAttribute('locale', 'en');
      await until(() => /last five games/.test(words(element) ?? ''));
      expect(element.getAttribute('dir')).to.equal('ltr');
      expect(await loadsCounted(key)).to.equal(loads);
    });

    it('names relay errors in the reader’s language; the console keeps the relay’s English', async () => {
      const warnings: string[] = [];
      const original = console.warn;
      console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
      try {
        const element = await mount('last-five', lastFive({ locale: 'de' }), setup.keys.denied);
        await nextEvent(element, 'pb-error');
        await element.updateComplete;
        expect(shadow(element).querySelector('.message')!.textContent).to.include('nicht freigeschaltet');
      } finally {
        console.warn = original;
      }
      expect(warnings.some((line) => line.includes('origin_not_allowed') && /[Tt]his|allowed|key/.test(line))).to.equal(true);
    });
  });

  describe('publisher wording', () => {
    afterEach(() => {
      delete window.Pressbox!.messages;
      document.querySelectorAll('script[data-pressbox-messages]').forEach((script) => script.remove());
    });

    it('Pressbox.setMessages replaces a message in one locale, on screen at once, plural forms included', async () => {
      const english = await mount('score-strip', { league: 'nba' });
      const german = await mount('injury-report', { league: 'nba', locale: 'de' });
      await Promise.all([settled(english), settled(german)]);
      const finals = () =>
        // The word alone: the slate is the sandbox's day, so a final may carry its day after it ("Final · Nov 22").
        [...shadow(english).querySelectorAll('.card[data-status="final"] .pill')].map((pill) => pill.textContent!.trim().split(' · ')[0]);
      expect(finals()).to.include('Final');
      window.Pressbox!.setMessages!('en', { 'status.final': 'FT' });
      window.Pressbox!.setMessages!('de', { 'injuries.players': '{count} Sportler' });
      await until(() => finals().includes('FT') && !finals().includes('Final'));
      await until(() => /\d+ Sportler/.test(shadow(german).querySelector('.count')!.textContent!));
      const germanStrip = await mount('score-strip', { league: 'nba', locale: 'de' });
      await settled(germanStrip);
      expect(shadow(germanStrip).textContent).not.to.include('FT');
    });

    it('a JSON script with data-pressbox-messages does the same without a line of JS', async () => {
      const script = Object.assign(document.createElement('script'), {
        type: 'application/json',
        textContent: JSON.stringify({ 'pt-BR': { 'form.region': 'Últimos jogos do time' } }),
      });
      script.dataset.pressboxMessages = '';
      document.body.append(script);
      const element = await mount('last-five', { league: 'nba', team: 'XYZ', locale: 'pt-BR' });
      await settled(element);
      expect(shadow(element).querySelector('section')!.getAttribute('aria-label')).to.equal('Últimos jogos do time');
    });
  });

  describe('right to left', () => {
    it('Arabic lays the element out right to left: the ticker moves the reading way, the chart and stripe mirror', async () => {
      const ticker = await mount('score-ticker', { leagues: 'nba', locale: 'ar' });
      const header = await mount('game-header', { ...(await caseOf('game-header').attributes('nba', setup)), locale: 'ar' });
      const chart = await mount('win-probability', { ...(await caseOf('win-probability').attributes('nba', setup)), locale: 'ar' });
      await Promise.all([settled(ticker), settled(header), settled(chart)]);
      for (const element of [ticker, header, chart]) expect(getComputedStyle(element).direction).to.equal('rtl');
      const track = shadow(ticker).querySelector('.track')!;
      if (!matchMedia('(prefers-reduced-motion: reduce)').matches) expect(getComputedStyle(track).animationName).to.equal('pb-ticker-rtl');
      expect(getComputedStyle(shadow(header).querySelector('.stripe')!).transform).to.equal('matrix(-1, 0, 0, 1, 0, 0)');
      expect(getComputedStyle(shadow(chart).querySelector('svg')!).transform).to.equal('matrix(-1, 0, 0, 1, 0, 0)');
      const away = shadow(header).querySelector('.team.away')!.getBoundingClientRect();
      const home = shadow(header).querySelector('.team.home')!.getBoundingClientRect();
      expect(away.left).to.be.greaterThan(home.left);
    });

    it("takes the page's dir when the locale does not decide it, and never overrides the publisher's own dir", async () => {
      const page = await fixture<HTMLDivElement>(html`<div dir="rtl"></div>`);
      const element = document.createElement('last-five') as PressboxElement;
      for (const [name, value] of Object.entries({ key: setup.keys.test, relay: setup.relay, league: 'nba', team: 'BOS' }))
        element.setAttribute(name, value);
      page.append(element);
      await settled(element);
      expect(element.hasAttribute('dir')).to.equal(false);
      expect(getComputedStyle(element).direction).to.equal('rtl');
      const pinned = await mount('last-five', { league: 'nba', team: 'BOS', locale: 'ar', dir: 'ltr' });
      await settled(pinned);
      expect(pinned.getAttribute('dir')).to.equal('ltr');
    });

    it('arrow keys follow the reading direction in the score strip', async () => {
      const strip = await mount('score-strip', { league: 'nba', locale: 'ar' });
      await settled(strip);
      const cards = [...shadow(strip).querySelectorAll<HTMLElement>('.card')];
      const start = cards.findIndex((card) => card.tabIndex === 0);
      cards[start]!.focus();
      await sendKeys({ press: 'ArrowLeft' });
      expect(shadow(strip).activeElement).to.equal(cards[Math.min(start + 1, cards.length - 1)]);
      expect(spokenText(cards[0]!)).to.match(/\p{Script=Arabic}/u);
    });
  });
});
