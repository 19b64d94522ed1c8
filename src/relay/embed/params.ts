import { z } from 'zod';
import { LIVE_CHOICES, ODDS_FORMATS, THEMES } from '../../contract/choices.js';
import { echoedNames } from '../../embed/html.js';
import { ELEMENT_TAGS, type ElementTag } from '../../contract/elements.js';
import { attributesOf } from '../../embed/tags.js';

const attributeValue = z.string().trim().max(200, 'at most 200 characters');

/** Attributes whose values the element accepts from a short list: a wrong one is refused here, with the list. */
const CHOICES: Record<string, readonly [string, ...string[]]> = {
  theme: THEMES,
  'odds-format': ODDS_FORMATS,
  live: LIVE_CHOICES,
};

function attributeSchema(name: string) {
  const choices = CHOICES[name];
  return (choices ? z.enum(choices, { error: `${name} is one of ${choices.join(', ')}` }) : attributeValue).optional();
}

const schemas = new Map<ElementTag, z.ZodType<EmbedQuery>>();

export interface EmbedQuery {
  key: string;
  attributes: Record<string, string>;
}

/** An embed page's query: the publishable key and the element's attributes by their own names, nothing else. */
function embedQuerySchema(tag: ElementTag): z.ZodType<EmbedQuery> {
  const attributes = Object.fromEntries(attributesOf(tag).map((name) => [name, attributeSchema(name)]));
  return z
    .strictObject(
      {
        key: z.string({ error: 'key is required: the publishable key, key=pk_live_…' }).regex(/^pk_(live|test)_\w+$/, {
          error: 'key must be a publishable key (pk_live_… or pk_test_…)',
        }),
        ...attributes,
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys'
            ? `<${tag}> has no attribute ${echoedNames(issue.keys)}; it takes ${attributesOf(tag).join(', ')}`
            : undefined,
      },
    )
    .transform(({ key, ...rest }) => ({
      key,
      attributes: Object.fromEntries(Object.entries(rest).filter((entry): entry is [string, string] => Boolean(entry[1]))),
    }));
}

export type ReadEmbedQuery = { ok: true; query: EmbedQuery } | { ok: false; message: string };

export function readEmbedQuery(tag: ElementTag, query: Record<string, string>): ReadEmbedQuery {
  let schema = schemas.get(tag);
  if (!schema) schemas.set(tag, (schema = embedQuerySchema(tag)));
  const parsed = schema.safeParse(query);
  if (parsed.success) return { ok: true, query: parsed.data };
  return { ok: false, message: parsed.error.issues.map((issue) => issue.message).join('; ') };
}

export const EMBED_TAG_LIST = ELEMENT_TAGS.join(', ');
