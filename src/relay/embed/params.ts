import { z } from 'zod';
import { LIVE_CHOICES, ODDS_FORMATS, THEMES } from '../../contract/choices.js';
import { echoedNames, shortened } from '../base/echo.js';
import { ELEMENT_DETAILS, ELEMENT_TAGS, type ElementTag } from '../../contract/elements.js';
import { attributesOf, GAMBLING_LINE_LIMIT, gamblingLineTakers, takesGamblingLine } from '../../embed/tags.js';

const attributeValue = z.string().trim().max(200, 'at most 200 characters');

/** Attributes whose values the element accepts from a short list: a wrong one is refused here, named, with the list. */
function choicesOf(tag: ElementTag, name: string): readonly [string, ...string[]] | undefined {
  if (name === 'league') return ELEMENT_DETAILS[tag].leagues as unknown as [string, ...string[]];
  return ({ theme: THEMES, 'odds-format': ODDS_FORMATS, live: LIVE_CHOICES } as Record<string, readonly [string, ...string[]]>)[name];
}

function attributeSchema(tag: ElementTag, name: string) {
  const choices = choicesOf(tag, name);
  if (!choices) return attributeValue.optional();
  const offered = z.enum(choices, {
    error: (issue) =>
      `${name}=${shortened(String(issue.input), 20)} is not offered${name === 'league' ? ` by <${tag}>` : ''}: ${name} is one of ${choices.join(', ')}`,
  });
  // Elements read these values in any case (league="NBA"), so the embed does too.
  return z.string().trim().toLowerCase().pipe(offered).optional();
}

const schemas = new Map<ElementTag, z.ZodType<EmbedQuery>>();

export interface EmbedQuery {
  key: string;
  attributes: Record<string, string>;
  /** The responsible-gambling line, plain text, for the elements that take one. */
  gambling?: string;
}

/**
 * A responsible-gambling line as an embed's address carries it: plain text (the page sets it as text, never as
 * markup), on one line, bounded.
 */
const gamblingLine = z
  .string()
  .transform((text) => text.replace(/\s+/g, ' ').trim())
  .pipe(
    z
      .string()
      .max(GAMBLING_LINE_LIMIT, `gambling is at most ${GAMBLING_LINE_LIMIT} characters: the responsible-gambling line, plain text`)
      .refine((text) => !/[\p{Cc}\p{Cf}]/u.test(text), 'gambling is plain text: no control or formatting characters'),
  )
  .optional();

/**
 * An embed page's query: the publishable key, the element's attributes by their own names and, for the betting
 * elements, `gambling`; nothing else.
 */
function embedQuerySchema(tag: ElementTag): z.ZodType<EmbedQuery> {
  const attributes = Object.fromEntries(attributesOf(tag).map((name) => [name, attributeSchema(tag, name)]));
  const takesLine = takesGamblingLine(tag);
  return z
    .strictObject(
      {
        key: z.string({ error: 'key is required: the publishable key, key=pk_live_…' }).regex(/^pk_(live|test)_\w+$/, {
          error: 'key must be a publishable key (pk_live_… or pk_test_…)',
        }),
        ...attributes,
        ...(takesLine ? { gambling: gamblingLine } : {}),
      },
      {
        error: (issue) =>
          issue.code !== 'unrecognized_keys'
            ? undefined
            : issue.keys.includes('gambling')
              ? `gambling (a responsible-gambling line) is taken by ${gamblingLineTakers()} only, not by <${tag}>`
              : `<${tag}> has no attribute ${echoedNames(issue.keys)}; it takes ${[...attributesOf(tag), ...(takesLine ? ['gambling'] : [])].join(', ')}`,
      },
    )
    .transform(({ key, gambling, ...rest }) => ({
      key,
      attributes: Object.fromEntries(Object.entries(rest).filter((entry): entry is [string, string] => Boolean(entry[1]))),
      ...(typeof gambling === 'string' && gambling ? { gambling } : {}),
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
