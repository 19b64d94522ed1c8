import type { ChildProcess } from 'node:child_process';
export function freePort(): Promise<number>;
export function reachable(host: string, port: number): Promise<boolean>;
export function startRedisServer(port: number, args?: string[]): Promise<ChildProcess>;
