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

/**
 * For a person at a terminal (`pressbox start`, `npm start`): one short line per request, `GET /v1/scores 200 3 ms`,
 * and warnings as `warn: message (field value, …)`. `serve` keeps JSON lines for machines.
 */
export function requestLines(write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  return {
    log(level, message, fields = {}) {
      if (message === 'request') {
        write(`${fields.method} ${fields.path} ${fields.status} ${fields.ms} ms`);
        return;
      }
      const details = Object.entries(fields).map(([name, value]) => `${name} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
      write(`${level}: ${message}${details.length ? ` (${details.join(', ')})` : ''}`);
    },
  };
}
