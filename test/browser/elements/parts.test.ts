/// <reference types="mocha" />
import { expect } from '@open-wc/testing';
import '../../../src/widgets/index.js';
import type { BrowserTestSetup } from '../relay-plugin.js';
import { resetRelay, settled, shadow, testSetup } from '../helpers.js';
import { ELEMENTS, mountElement } from '../element-cases.js';

interface ManifestElement {
  tagName?: string;
  cssParts?: { name: string }[];
}

/** Every part a page can style is in the manifest (and so in the docs and editors), for every element with data. */
describe('styleable parts', () => {
  let setup: BrowserTestSetup;
  let documented: Map<string, string[]>;
  before(async () => {
    setup = await testSetup();
    const manifest = (await (await fetch('/dist/custom-elements.json')).json()) as { modules: { declarations?: ManifestElement[] }[] };
    documented = new Map(
      manifest.modules
        .flatMap((module) => module.declarations ?? [])
        .filter((declaration) => declaration.tagName)
        .map((declaration) => [declaration.tagName!, (declaration.cssParts ?? []).map((part) => part.name)]),
    );
  });
  afterEach(() => resetRelay());

  for (const { tag, attributes } of ELEMENTS) {
    it(`<${tag}> documents every part it renders with data`, async () => {
      const element = await settled(await mountElement(setup, tag, await attributes('nba', setup)));
      const rendered = new Set([...shadow(element).querySelectorAll('[part]')].flatMap((node) => node.getAttribute('part')!.split(/\s+/)));
      const missing = [...rendered].filter((part) => !documented.get(tag)!.includes(part));
      expect(missing, `<${tag}> parts not in custom-elements.json`).to.deep.equal([]);
    });
  }
});
