import type { WidgetKey } from '../keys/model.js';

export interface KeyStore {
  createKey(key: WidgetKey): Promise<void>;
  getKey(key: string): Promise<WidgetKey | undefined>;
  listKeys(): Promise<WidgetKey[]>;
  /** Replaces plan, domains and name; returns the updated key or undefined when unknown. */
  updateKey(key: string, change: Partial<Pick<WidgetKey, 'plan' | 'domains' | 'name'>>): Promise<WidgetKey | undefined>;
  revokeKey(key: string, at: number): Promise<WidgetKey | undefined>;
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
  countLoad(key: string, month: string, limit: number, detail: LoadDetail): Promise<CountResult>;
  loadsUsed(key: string, month: string): Promise<number>;
  usage(filter: { key?: string; month?: string }): Promise<UsageRow[]>;
}

export interface ProbabilityPoint {
  at: number;
  home: number;
}

export interface HistoryStore {
  /** Adds a point unless it repeats the last one. */
  recordProbability(game: string, point: ProbabilityPoint): Promise<void>;
  probabilityHistory(game: string): Promise<ProbabilityPoint[]>;
}

export interface RelayStore extends KeyStore, UsageStore, HistoryStore {
  close(): Promise<void>;
}
