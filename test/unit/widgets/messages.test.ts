// The message catalogs translators edit: complete for every locale, nothing the code no longer says, placeholders
// kept, the sandbox's words covered, and the generated English source and docs/messages.md in step with the code.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import {
  MESSAGES_DIR,
  RELAY_TERMS_FILE,
  catalogJson,
  collectMessages,
  englishCatalog,
  isSeasonMessage,
  messageNumbers,
  packCatalog,
  placeholdersOf,
  MESSAGE_DOC,
  messageDoc,
  requiredKeys,
  seasonRuntimeIds,
  seasonStart,
} from '../../../scripts/messages.js';
import { MARKETS } from '../../../src/sandbox/props.js';
import { MLB_SHORT_LISTS, REASONS, STATUS_LADDER } from '../../../src/sandbox/injuries.js';
import { WEIGHT_CLASSES } from '../../../src/sandbox/data/fighters.js';
import { SUPPORTED_LOCALES } from '../../../src/contract/locales.js';
import { translator, type PackedCatalog, type PluralEnglish } from '../../../src/widgets/i18n/translate.js';
import { catalogWords } from '../../../src/widgets/i18n/words.js';

const messages = collectMessages();
const english = englishCatalog(messages);
const readCatalog = (locale: string) => JSON.parse(readFileSync(join(MESSAGES_DIR, `${locale}.json`), 'utf8')) as Record<string, string>;
const translations = SUPPORTED_LOCALES.filter((locale) => locale !== 'en');
const slug = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-');

describe('message catalogs', () => {
  it('en.json is the English the code writes (run npx tsx scripts/messages.ts after changing a message)', () => {
    assert.equal(readFileSync(join(MESSAGES_DIR, 'en.json'), 'utf8'), catalogJson(english));
  });

  it('docs/messages.md lists every message (run npx tsx scripts/messages.ts)', () => {
    assert.equal(readFileSync(MESSAGE_DOC, 'utf8'), messageDoc(messages));
  });

  for (const locale of translations) {
    describe(locale, () => {
      const catalog = readCatalog(locale);

      it('has every message, in every plural form the language uses, and none the code no longer has', () => {
        const required = requiredKeys(messages, locale);
        assert.deepEqual(
          required.filter((key) => !(key in catalog)),
          [],
          'missing',
        );
        assert.deepEqual(
          Object.keys(catalog).filter((key) => !required.includes(key)),
          [],
          'not in the source (or a plural form the language does not use)',
        );
      });

      it('keeps the placeholders of the English', () => {
        for (const [id, { english: source, plural }] of messages) {
          if (!plural) {
            assert.deepEqual(placeholdersOf(catalog[id] ?? ''), placeholdersOf(source as string), `${locale} ${id}`);
            continue;
          }
          const allowed = new Set(Object.values(source).flatMap((form) => [...placeholdersOf(form)]));
          for (const [key, text] of Object.entries(catalog).filter(([key]) => key.startsWith(`${id}_`)))
            for (const name of placeholdersOf(text)) assert.ok(allowed.has(name), `${locale} ${key} uses {${name}}`);
        }
      });

      it('has no empty message', () => {
        for (const [key, text] of Object.entries(catalog)) assert.ok(typeof text === 'string' && text.trim(), `${locale} ${key}`);
      });
    });
  }

  it('ships each catalog in two parts that join into the whole, the season elements’ words in the second', () => {
    const numbers = messageNumbers(messages);
    const start = seasonStart(messages);
    assert.ok(start > 0 && start < numbers.size);
    for (const [id, message] of messages)
      if (message.written) assert.equal(numbers.get(id)! >= start, isSeasonMessage(message), `${id} is numbered in the wrong part`);
    const seasonIds = seasonRuntimeIds(messages);
    assert.ok(seasonIds.has('stat.fgm'), 'statistics names are the season part’s');
    for (const locale of translations) {
      const flat = readCatalog(locale);
      const main = packCatalog(flat, numbers, { to: start, rest: (key) => !seasonIds.has(key) });
      const season = packCatalog(flat, numbers, { from: start, rest: (key) => seasonIds.has(key) });
      const joined = [...main.slice(0, -1), ...season.slice(0, -1), { ...(main.at(-1) as object), ...(season.at(-1) as object) }];
      assert.deepEqual(joined, packCatalog(flat, numbers), locale);
    }
  });

  it('the packed catalogs the bundle ships say exactly what the translators wrote, in every plural form', () => {
    const numbers = messageNumbers(messages);
    for (const locale of translations) {
      const flat = readCatalog(locale);
      const asWritten = translator(locale, catalogWords(flat, undefined));
      const asShipped = translator(locale, catalogWords(packCatalog(flat, numbers) as PackedCatalog, undefined));
      for (const [id, { english, plural }] of messages) {
        const shippedId = numbers.get(id) ?? id;
        for (const n of plural ? [0, 1, 2, 3, 5, 11, 21, 100, 1.5] : [0]) {
          const params = { count: n, ...(plural === 'ordinal' ? { nth: n } : {}) };
          const text = asWritten(id, english as string | PluralEnglish, params);
          assert.equal(asShipped(shippedId, english as string | PluralEnglish, params), text, `${locale} ${id} (${n})`);
        }
      }
    }
  });

  it('Japanese and Arabic have no English words left (Latin words only in placeholders)', () => {
    for (const locale of ['ja', 'ar']) {
      for (const [key, text] of Object.entries(readCatalog(locale))) {
        const outsidePlaceholders = text.replace(/\{\w+\}/g, '');
        assert.doesNotMatch(outsidePlaceholders, /[A-Za-z]{2,}/, `${locale} ${key}: ${text}`);
      }
    }
  });

  it("covers every word of the relay's data the sandbox produces: markets, injury statuses, reasons, practice, weight classes", () => {
    const terms = JSON.parse(readFileSync(RELAY_TERMS_FILE, 'utf8')) as Record<string, Record<string, string>>;
    const markets = Object.values(MARKETS).flatMap((specs) => specs.map((spec): [string, string] => [spec.key, spec.label]));
    for (const [key, label] of markets) assert.equal(terms.market?.[key], label, `market ${key}`);
    for (const reason of REASONS) assert.equal(terms.reason?.[slug(reason)], reason, `reason ${reason}`);
    const statuses = [...Object.values(STATUS_LADDER).flat(), 'Injured Reserve'].filter((status) => !/^\d+-Day IL$/.test(status));
    for (const status of statuses) assert.equal(terms.injury?.[slug(status)], status, `status ${status}`);
    for (const list of MLB_SHORT_LISTS) assert.match(list, /^\d+-Day IL$/, 'injured lists are written N-Day IL');
    for (const practice of ['DNP', 'Limited', 'Full']) assert.equal(terms.practice?.[slug(practice)], practice);
    for (const weightClass of WEIGHT_CLASSES)
      assert.equal(terms.weightClass?.[slug(weightClass)], weightClass, `weight class ${weightClass}`);
  });
});
