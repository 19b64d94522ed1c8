export type English = string | Record<string, string>;
export interface Message {
  english: English;
  plural: 'cardinal' | 'ordinal' | undefined;
  /** Written out in a `t()` call (not made from a prefix at run time). */
  written: boolean;
  files: Set<string>;
}
export const WIDGETS_DIR: string;
export const MESSAGES_DIR: string;
export const RELAY_TERMS_FILE: string;
export function collectMessages(dir?: string): Map<string, Message>;
export function messageNumbers(messages: Map<string, Message>): Map<string, number>;
export const SEASON_ELEMENTS: string[];
export function isSeasonMessage(message: Message): boolean;
export function seasonStart(messages: Map<string, Message>): number;
export function packCatalog(
  catalog: Record<string, string>,
  numbers: Map<string, number>,
  part?: { from?: number; to?: number; rest?: (key: string) => boolean },
): Array<string | Record<string, string> | null>;
export function seasonRuntimeIds(messages: Map<string, Message>): Set<string>;
export function categoriesFor(locale: string, plural: Message['plural']): string[];
export function requiredKeys(messages: Map<string, Message>, locale: string): string[];
export function englishCatalog(messages: Map<string, Message>): Record<string, string>;
export function placeholdersOf(text: string): Set<string>;
export function messageTable(messages: Map<string, Message>): string;
export function readmeWithTable(readme: string, messages: Map<string, Message>): string;
export function catalogJson(catalog: Record<string, string>): string;
