// The relay's rendered pages: one rendering per request and answer, shared by concurrent readers, and a memory bound
// that made-up attribute combinations cannot push past.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { prepareBody } from '../../../../src/relay/http/body.js';
import { renderedPages, type ElementRendering, type RenderPlan } from '../../../../src/relay/http/rendered-pages.js';

function counting(htmlBytes: number) {
  const rendered: string[] = [];
  const rendering: ElementRendering = {
    plan: () => Promise.reject(new Error('not asked')),
    html: async (plan) => {
      rendered.push(plan.search);
      return `<${plan.tag}>${'x'.repeat(htmlBytes)}</${plan.tag}>`;
    },
  };
  return { rendering, rendered };
}

const plan = (search: string): RenderPlan => ({ tag: 'score-strip', attributes: {}, path: '/v1/scores', search });

describe('rendered pages', () => {
  it('renders a request and answer once, however many readers ask at once, and again when the data changes', async () => {
    const { rendering, rendered } = counting(10);
    const pages = renderedPages(rendering);
    const first = prepareBody({ games: [1], refreshMs: 30_000 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => pages.page(plan('league=nba'), 'league=nba', first)));
    assert.equal(rendered.length, 1);
    assert.equal(new Set(answers).size, 1);
    assert.equal(answers[0]!.refreshMs, 30_000);
    const changed = await pages.page(plan('league=nba'), 'league=nba', prepareBody({ games: [2], refreshMs: 30_000 }));
    assert.equal(rendered.length, 2);
    assert.notEqual(changed.body.etag, answers[0]!.body.etag, 'new data, a new ETag');
    assert.equal((await pages.page(plan('league=nba'), 'league=nba', first)).body.etag, answers[0]!.body.etag);
    assert.equal(rendered.length, 2, 'the first answer’s page is still kept');
  });

  it('keeps at most 16 MiB of pages: the oldest are rendered again when asked for', async () => {
    const { rendering, rendered } = counting(1024 * 1024);
    const pages = renderedPages(rendering);
    const data = prepareBody({ refreshMs: 10_000 });
    for (let index = 0; index < 40; index++) await pages.page(plan(`team=T${index}`), `team=T${index}`, data);
    assert.equal(rendered.length, 40);
    await pages.page(plan('team=T39'), 'team=T39', data);
    assert.equal(rendered.length, 40, 'the newest is kept');
    await pages.page(plan('team=T0'), 'team=T0', data);
    assert.equal(rendered.length, 41, 'the oldest was let go');
  });
});
