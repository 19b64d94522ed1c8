/// <reference types="mocha" />
import { expect } from '@open-wc/testing';
import { reflectBoxProperties } from '../../../src/widgets/box-properties.js';
import { loadOnSight } from '../../../src/widgets/load-on-sight.js';
import type { GameHeader } from '../../../src/widgets/elements/game-header/game-header.js';

// The npm package's loader (package-loader.ts) before an element's code has arrived: its box is the one its attributes
// call for, and frameworks that set those as properties (Angular's `[league]`, a property on a tag not yet defined) get
// the same box.
describe('the npm package’s loader, before an element is defined', () => {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  before(() => {
    loadOnSight(async () => {
      await arrived;
      await import('../../../src/widgets/elements/game-header/game-header.js');
    }, reflectBoxProperties);
  });

  const height = (element: Element) => element.getBoundingClientRect().height;
  /** After the loader's MutationObserver has seen what was added. */
  const seen = () => new Promise((resolve) => setTimeout(resolve));

  it('holds the box of a league set as a property, before and after the loader saw the tag, until the element takes over', async () => {
    const header = document.createElement('game-header') as Partial<GameHeader> & HTMLElement;
    header.league = 'mls';
    document.body.append(header);
    await seen();
    expect(customElements.get('game-header')).to.equal(undefined);
    expect([header.getAttribute('league'), height(header)]).to.deep.equal(['mls', 150]);

    header.league = 'nba';
    expect([header.getAttribute('league'), height(header)]).to.deep.equal(['nba', 360]);
    header.betState = true;
    expect(height(header)).to.equal(384);
    header.betState = false;
    header.league = 'mma';
    expect([header.hasAttribute('bet-state'), height(header)]).to.deep.equal([false, 150]);

    arrive();
    await customElements.whenDefined('game-header');
    await header.updateComplete;
    expect([header.league, header.betState, header.getAttribute('league'), height(header)]).to.deep.equal(['mma', false, 'mma', 150]);
    header.league = 'nba';
    await header.updateComplete;
    expect([header.getAttribute('league'), height(header)]).to.deep.equal(['nba', 360]);
    header.remove();
  });
});
