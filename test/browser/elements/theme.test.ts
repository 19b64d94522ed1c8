/// <reference types="mocha" />
import { expect } from '@open-wc/testing';
import '../../../src/widgets/index.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { hasState, resetRelay, settled, testSetup } from '../helpers.js';
import { mountElement } from '../element-cases.js';
import type { PressboxElement } from '../../../src/widgets/ui/pressbox-element.js';

/** theme="auto" (the default) takes the look of the page around the element, not the reader's system setting alone. */
describe('theme="auto" matches the host page', () => {
  let setup: BrowserTestSetup;
  let element: PressboxElement;
  before(async () => {
    setup = await testSetup();
  });
  beforeEach(async () => {
    element = await mountElement(setup, 'standings-table', { league: 'nba' }).then(settled);
  });
  afterEach(() => {
    document.documentElement.style.colorScheme = '';
    document.body.style.background = '';
    return resetRelay();
  });

  /** The element drawn again after the page changed, as it is at its next refresh. */
  const lookAfter = async (change: () => void) => {
    change();
    element.requestUpdate();
    await element.updateComplete;
    return {
      dark: hasState(element, 'dark'),
      scheme: getComputedStyle(element).colorScheme,
      surface: getComputedStyle(element).backgroundColor,
    };
  };

  it('is light on a page that says nothing and paints no background, whatever the reader prefers', async () => {
    const look = await lookAfter(() => undefined);
    expect(look).to.deep.equal({ dark: false, scheme: 'light', surface: 'rgb(255, 255, 255)' });
  });

  it('is dark on a page that declares color-scheme: dark', async () => {
    const look = await lookAfter(() => (document.documentElement.style.colorScheme = 'dark'));
    expect(look).to.deep.equal({ dark: true, scheme: 'dark', surface: 'rgb(17, 24, 39)' });
  });

  it('follows the reader on a page that declares both (color-scheme: light dark), as the page does', async () => {
    const readerPrefersDark = matchMedia('(prefers-color-scheme: dark)').matches;
    const look = await lookAfter(() => (document.documentElement.style.colorScheme = 'light dark'));
    expect(look.dark).to.equal(readerPrefersDark);
  });

  it('is dark on a dark background behind it where the page declares no scheme, and light on a light one', async () => {
    expect((await lookAfter(() => (document.body.style.background = '#1a1a2e'))).dark).to.equal(true);
    expect((await lookAfter(() => (document.body.style.background = '#f5f0e6'))).dark).to.equal(false);
  });

  it('a declared light scheme wins over a dark background', async () => {
    const look = await lookAfter(() => {
      document.documentElement.style.colorScheme = 'light';
      document.body.style.background = '#000';
    });
    expect(look.dark).to.equal(false);
  });

  it('theme="light" and theme="dark" force their look on any page', async () => {
    document.documentElement.style.colorScheme = 'dark';
    element.setAttribute('theme', 'light');
    expect((await lookAfter(() => undefined)).dark).to.equal(false);
    document.documentElement.style.colorScheme = '';
    element.setAttribute('theme', 'dark');
    expect(await lookAfter(() => undefined)).to.deep.equal({ dark: true, scheme: 'dark', surface: 'rgb(17, 24, 39)' });
  });
});
