/// <reference types="mocha" />
import { expect } from '@open-wc/testing';
import '../../../src/widgets/index.js';
import { ELEMENT_BOXES, ELEMENT_REQUIRES, servesLeague, sizeProperty } from '../../../src/contract/elements.js';
import type { PbErrorEvent } from '../../../src/widgets/runtime/events.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { advanceRelayClock, hasState, withMedia, nextEvent, resetRelay, setFaults, shadow, settled, testSetup } from '../helpers.js';
import { ELEMENTS, mountElement, type Attributes } from '../element-cases.js';

describe('every element in every state', () => {
  let setup: BrowserTestSetup;
  before(async () => {
    setup = await testSetup();
  });
  afterEach(() => resetRelay());

  const mount = (tag: string, attributes: Attributes, key = setup.keys.test) => mountElement(setup, tag, attributes, key);

  for (const { tag, attributes, empty, emptyFor, dataSelector, live = true } of ELEMENTS) {
    describe(`<${tag}>`, () => {
      it('data: shows it and passes axe, in light, dark and forced colours', async () => {
        const element = await mount(tag, await attributes('nba', setup));
        await settled(element);
        expect(shadow(element).querySelector(dataSelector)).to.exist;
        expect(hasState(element, 'live')).to.equal(live);
        await expect(element).to.be.accessible();
        element.setAttribute('theme', 'dark');
        await element.updateComplete;
        expect(getComputedStyle(element).colorScheme).to.equal('dark');
        await expect(element).to.be.accessible();
        await withMedia(shadow(element), { forcedColors: 'active' }, async () => {
          expect(shadow(element).querySelector(dataSelector)).to.exist;
          await expect(element).to.be.accessible();
        });
      });

      it('reserves its height, which --pb-<tag>-height (or its former name) changes', async () => {
        const element = await mount(tag, await attributes('nba', setup));
        await element.updateComplete;
        expect(element.getBoundingClientRect().height).to.equal(ELEMENT_BOXES[tag].height);
        const former = (ELEMENT_BOXES[tag] as { formerName?: string }).formerName;
        if (former) {
          element.style.setProperty(`--pb-${former}-height`, '123px');
          expect(element.getBoundingClientRect().height).to.equal(123);
        }
        element.style.setProperty(sizeProperty(tag), '234px');
        expect(element.getBoundingClientRect().height).to.equal(234);
      });

      it('loading: a skeleton in the final size, then data without a layout shift', async () => {
        const league = 'wnba';
        const settledAttributes = await attributes(league, setup);
        await setFaults([{ kind: 'latency', latencyMs: 1200, path: '/live-games' }]);
        const element = await mount(tag, settledAttributes);
        await element.updateComplete;
        expect(hasState(element, 'loading')).to.equal(true);
        expect(shadow(element).querySelector('.skeleton')).to.exist;
        await expect(element).to.be.accessible();
        const before = element.getBoundingClientRect();
        await settled(element);
        expect(shadow(element).querySelector(dataSelector)).to.exist;
        const after = element.getBoundingClientRect();
        expect([after.width, after.height]).to.deep.equal([before.width, before.height]);
      });

      if (empty || emptyFor) {
        it('empty: says there is nothing to show', async () => {
          const element = await mount(tag, empty ?? (await emptyFor!(setup)));
          await settled(element);
          expect(shadow(element).querySelector('.message')!.textContent).to.match(/^No /);
          await expect(element).to.be.accessible();
        });
      }

      it('stale: keeps its data and says how old it is while the data service fails', async () => {
        const element = await mount(tag, await attributes('mlb', setup));
        await settled(element);
        const box = element.getBoundingClientRect().height;
        await setFaults([{ kind: 'status', status: 503 }]);
        await advanceRelayClock(60 * 60_000);
        await element.refresh();
        await element.updateComplete;
        expect(hasState(element, 'stale')).to.equal(true);
        expect(shadow(element).querySelector(dataSelector)).to.exist;
        const notice = shadow(element).querySelector('.notice')!;
        expect(notice.textContent).to.match(/Updated/);
        expect(element.getBoundingClientRect().height).to.equal(box);
        // Where the body scrolls, the notice takes room of its own: no row can hide behind it.
        for (const area of shadow(element).querySelectorAll('.scroll-area'))
          expect(area.getBoundingClientRect().bottom).to.be.at.most(notice.getBoundingClientRect().top + 0.5);
        await expect(element).to.be.accessible();
      });

      const errors: Array<[string, string, (league: string) => Promise<{ key?: string; league: string }>]> = [
        ['invalid_key', 'an invalid key', async (league) => ({ key: setup.keys.invalid, league })],
        ['origin_not_allowed', 'a key not allowed on this page', async (league) => ({ key: setup.keys.denied, league })],
        ['quota_exceeded', 'a spent monthly quota', async (league) => ({ key: setup.keys.spent, league })],
        [
          'plan_required',
          'a feature outside the data plan',
          async () => {
            await setFaults([{ kind: 'status', status: 403 }]);
            return { league: 'nhl' };
          },
        ],
        [
          'upstream_unavailable',
          'the data service down with nothing cached',
          async () => {
            await setFaults([{ kind: 'status', status: 503 }]);
            return { league: 'ncaab' };
          },
        ],
      ];
      for (const [code, what, arrange] of errors) {
        it(`${code}: a reader's message for ${what}, the code in the console`, async () => {
          const dataAttributes = await attributes(
            // A league nothing has asked for yet: college basketball, or college football where an element has no ncaab.
            code === 'upstream_unavailable' ? (servesLeague(tag, 'ncaab') ? 'ncaab' : 'cfb') : code === 'plan_required' ? 'nhl' : 'nba',
            setup,
          );
          const warnings: string[] = [];
          const original = console.warn;
          console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
          try {
            const { key } = await arrange('nba');
            const element = await mount(tag, dataAttributes, key);
            const error = await nextEvent<PbErrorEvent>(element, 'pb-error');
            await element.updateComplete;
            expect(error.code).to.equal(code);
            expect(hasState(element, 'error')).to.equal(true);
            const message = shadow(element).querySelector('.message')!;
            expect(message.getAttribute('data-code')).to.equal(code);
            expect(message.textContent!.trim().length).to.be.greaterThan(10);
            // Nothing was ever shown: nothing is "paused".
            if (code === 'quota_exceeded') expect(message.textContent).to.match(/used its scores for the month/);
            expect(warnings.some((line) => line.includes(code) && line.includes(`<${tag}>`))).to.equal(true);
            await expect(element).to.be.accessible();
          } finally {
            console.warn = original;
          }
        });
      }

      const required = ELEMENT_REQUIRES[tag];
      if (required) {
        it(`bad_request: names the attributes the registry says it requires (${required.join(', ')}) while one is empty`, async () => {
          const element = document.createElement(tag);
          for (const [name, value] of Object.entries({ key: setup.keys.test, relay: setup.relay, ...(await attributes('nba', setup)) }))
            if (name !== required.at(-1)) element.setAttribute(name, value);
          const error = nextEvent<PbErrorEvent>(element, 'pb-error');
          document.body.append(element);
          try {
            const { code, message } = await error;
            expect(code).to.equal('bad_request');
            expect(message).to.match(new RegExp(`^<${tag}> needs `));
            for (const name of required) expect(message).to.include(` ${name}=`);
            await element.updateComplete;
            expect(shadow(element).querySelector('.message')!.getAttribute('data-code')).to.equal('bad_request');
          } finally {
            element.remove();
          }
        });
      }
    });
  }
});
