import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import { collectMessages, messageNumbers, packCatalog, seasonRuntimeIds, seasonStart } from '../messages.js';
import { isWidgetSource } from './widget-source.js';

/** Every `t('message.id'` call in `code` with the id's number instead; ids the table lacks stay as they are. */
export function numberMessageCalls(code: string, numbers: ReadonlyMap<string, number>): string {
  return code.replace(/(\bt\(\s*)'([a-z][\w.-]*)'/g, (call, opening: string, name: string) =>
    numbers.has(name) ? `${opening}${numbers.get(name)}` : call,
  );
}

/**
 * Message ids are names for people (translators, publishers); the bundle writes numbers. Each `t('status.final', …)`
 * becomes `t(56, …)`, each locale's catalog is packed to match (scripts/messages.ts), and i18n/message-numbers.ts
 * gets the table, which only pages that change wording fetch. Lines stay where they were, so source maps hold.
 */
export function numberedMessages(): Plugin {
  const messages = collectMessages();
  const numbers = messageNumbers(messages);
  const start = seasonStart(messages);
  const seasonIds = seasonRuntimeIds(messages);
  return {
    name: 'pressbox-numbered-messages',
    enforce: 'pre',
    load(id) {
      // A locale's catalog ships in two parts: what every element says, and (`?season`) what only the season elements say.
      const catalog = /^(.*[\\/]i18n[\\/]messages[\\/][\w-]+\.json)(\?season)?$/.exec(id);
      if (catalog) {
        const part = catalog[2]
          ? { from: start, rest: (key: string) => seasonIds.has(key) }
          : { to: start, rest: (key: string) => !seasonIds.has(key) };
        const packed = JSON.stringify(packCatalog(JSON.parse(readFileSync(catalog[1]!, 'utf8')), numbers, part));
        // With a query the id no longer ends in .json, so the part is handed over as the module it would become.
        return catalog[2] ? `export default ${packed};` : packed;
      }
      if (/[\\/]i18n[\\/]message-numbers\.ts$/.test(id)) return `export default ${JSON.stringify(Object.fromEntries(numbers))};`;
      return null;
    },
    transform(code, id) {
      if (!isWidgetSource(id)) return null;
      const numbered = numberMessageCalls(code, numbers);
      return numbered === code ? null : { code: numbered, map: null };
    },
  };
}
