import type { ChildProcess } from 'node:child_process';
export function freePort(): Promise<number>;
export function reachable(host: string, port: number): Promise<boolean>;
export function startRedisServer(port: number, args?: string[]): Promise<ChildProcess>;
export interface SentinelGroup {
  /** What `--redis` takes: redis+sentinel://127.0.0.1:p,127.0.0.1:p,127.0.0.1:p/name */
  url: string;
  primaryPort: number;
  replicaPort: number;
  primaryNow(): Promise<number>;
  killPrimary(): void;
  stop(): void;
}
export function startSentinelGroup(dir: string, name?: string): Promise<SentinelGroup>;
