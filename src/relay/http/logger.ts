export type LogLevel = 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
}

/** One JSON object per line on stdout. Callers pass paths without query strings and never pass headers. */
export function jsonLogger(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  return {
    log(level, message, fields = {}) {
      write(JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }));
    },
  };
}

export const silentLogger: Logger = { log() {} };
