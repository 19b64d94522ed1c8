import type { WidgetKey } from '../keys/model.js';

export interface KeyStore {
  createKey(key: WidgetKey): void;
  getKey(key: string): WidgetKey | undefined;
  listKeys(): WidgetKey[];
  /** Replaces plan, domains and name; returns the updated key or undefined when unknown. */
  updateKey(key: string, change: Partial<Pick<WidgetKey, 'plan' | 'domains' | 'name'>>): WidgetKey | undefined;
  revokeKey(key: string, at: number): WidgetKey | undefined;
}

export interface LoadDetail {
  route: string;
  origin: string;
}

export interface CountResult {
  counted: boolean;
  /** Loads of the month after this call. */
  used: number;
}

export interface UsageRow {
  key: string;
  month: string;
  route: string;
  origin: string;
  loads: number;
}

export interface UsageStore {
  /** Counts one load if the month stays within `limit`, atomically and durably before returning. */
  countLoad(key: string, month: string, limit: number, detail: LoadDetail): CountResult;
  loadsUsed(key: string, month: string): number;
  usage(filter: { key?: string; month?: string }): UsageRow[];
}

export interface ProbabilityPoint {
  at: number;
  home: number;
}

export interface HistoryStore {
  /** Adds a point unless it repeats the last one. */
  recordProbability(game: string, point: ProbabilityPoint): void;
  probabilityHistory(game: string): ProbabilityPoint[];
}

export interface RelayStore extends KeyStore, UsageStore, HistoryStore {
  close(): void;
}
