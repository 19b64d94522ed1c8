// Every snippet a publisher copies and every page the relay or the demo serves, through html-validate's rules of the
// HTML standard (the checks the Nu Html Checker makes on attributes, elements and their nesting).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { HtmlValidate } from 'html-validate';
import { ELEMENT_DETAILS, ELEMENT_TAGS } from '../../../src/contract/elements.js';
import { frameSize, iframeMarkup, snippetsFor, type WidgetChoice } from '../../../src/embed/snippets.js';
import { builderPage } from '../../../src/relay/embed/builder-page.js';
import { embedPage, openedDirectlyPage, problemPage, readerLanguage, REFUSED_PAGE } from '../../../src/relay/embed/pages.js';

const validator = new HtmlValidate({ extends: ['html-validate:standard'] });

async function problemsOf(html: string): Promise<string[]> {
  const report = await validator.validateString(html);
  return report.results.flatMap((result) =>
    result.messages.map((message) => `${message.line}:${message.column} ${message.ruleId}: ${message.message}`),
  );
}

const choiceOf = (tag: (typeof ELEMENT_TAGS)[number]): WidgetChoice => ({
  relay: 'https://widgets.example.com',
  tag,
  key: 'pk_live_0123456789abcdef0123456789abcdef',
  attributes: { league: ELEMENT_DETAILS[tag].leagues[0], team: 'BOS', 'game-id': 'nba-2026-12-01-bos-nyk', theme: 'dark' },
});

describe('valid HTML in what we hand out and serve', () => {
  it('every element’s script, iframe, AMP and WordPress snippet, and an oEmbed answer’s iframe', async () => {
    const problems: string[] = [];
    for (const tag of ELEMENT_TAGS) {
      const snippets = snippetsFor(choiceOf(tag));
      for (const kind of ['script', 'iframe', 'amp', 'wordpress'] as const)
        problems.push(...(await problemsOf(snippets[kind])).map((problem) => `${tag} ${kind}: ${problem}`));
      const oembed = iframeMarkup(choiceOf(tag), frameSize(choiceOf(tag), 320, 1000));
      problems.push(...(await problemsOf(oembed)).map((problem) => `${tag} oEmbed: ${problem}`));
    }
    assert.deepEqual(problems, []);
  });

  it('the relay’s pages: the embed frame, the page opened in a tab, its notices, the builder', async () => {
    const pages = {
      embed: embedPage(choiceOf('last-five'), 'pb_embed_token', 60_000, readerLanguage('de-DE,de;q=0.9')),
      'opened directly': openedDirectlyPage(choiceOf('score-strip')),
      problem: problemPage('theme=sepia is not offered: theme is one of auto, light, dark.'),
      refused: REFUSED_PAGE,
      builder: builderPage('https://widgets.example.com'),
    };
    const problems: string[] = [];
    for (const [name, html] of Object.entries(pages)) problems.push(...(await problemsOf(html)).map((problem) => `${name}: ${problem}`));
    assert.deepEqual(problems, []);
    assert.match(pages.embed, /<html lang="de-DE">/, 'a page without locale speaks the reader’s language');
  });

  it('the demo’s pages', async () => {
    const problems: string[] = [];
    for (const file of readdirSync('demo').filter((name) => name.endsWith('.html')))
      problems.push(...(await problemsOf(readFileSync(`demo/${file}`, 'utf8'))).map((problem) => `${file}: ${problem}`));
    assert.deepEqual(problems, []);
  });

  it('takes the reader’s first language for a page without locale, and English for nothing usable', () => {
    assert.equal(readerLanguage('fr-CA,fr;q=0.8,en;q=0.5'), 'fr-CA');
    assert.equal(readerLanguage(undefined), 'en');
    assert.equal(readerLanguage('*'), 'en');
    assert.equal(readerLanguage('not a language!'), 'en');
    assert.equal(readerLanguage(`${'x'.repeat(100)}`), 'en');
  });
});
