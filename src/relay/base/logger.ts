export type LogLevel = 'info' | 'warn' | 'error';

export interface Logger {
  log(level: LogLevel, message: string, fields?: Record<string, unknown>): void;
}

const unwritten = new Set<() => void>();
process.once('exit', () => unwritten.forEach((flush) => flush()));

/**
 * Lines to stdout, written together once per turn of the event loop (and at exit): a write per request line cost
 * a tenth of a cached request's time.
 */
function batchedStdout(): (line: string) => void {
  let lines: string[] = [];
  const flush = () => {
    unwritten.delete(flush);
    const chunk = lines.join('');
    lines = [];
    if (chunk) process.stdout.write(chunk);
  };
  return (line) => {
    if (lines.length === 0) {
      unwritten.add(flush);
      setImmediate(flush);
    }
    lines.push(`${line}\n`);
  };
}

// C0 and C1 controls, DEL and the two Unicode line separators: what could move a terminal's cursor or fake a new line.
// eslint-disable-next-line no-control-regex -- matching control characters is this expression's whole job
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
const hex = (ch: string) => ch.charCodeAt(0).toString(16).padStart(4, '0');

/** Text for a terminal: every control character written as an escape (`\u001b`), nothing else changed. */
export function escapeControls(text: string): string {
  return text.replace(CONTROLS, (ch) => `\\u${hex(ch)}`);
}

/** Printable ASCII without a quote or a backslash: a JSON string as it stands, with nothing to escape. */
const PLAIN = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * JSON as JSON.stringify writes it, with the controls it leaves raw (DEL, C1, U+2028/9) escaped too. A request line's
 * fields (method, path, status, time, address) are plain text and numbers nearly always: written as they stand, as
 * JSON.stringify would, without its call and the escaping pass: 0.65 µs a request line instead of 1.8.
 */
function safeJson(value: unknown): string | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && PLAIN.test(value)) return `"${value}"`;
  const json = JSON.stringify(value);
  return json === undefined ? json : escapeControls(json);
}

let stamp = { ms: 0, iso: '' };

/** The current time as ISO 8601, worked out once per millisecond (thousands of lines share one). */
function isoNow(): string {
  const ms = Date.now();
  if (ms !== stamp.ms) stamp = { ms, iso: new Date(ms).toISOString() };
  return stamp.iso;
}

/** Field names and messages are the code's own, few and the same on every line: each is written as JSON once. */
const namesAsJson = new Map<string, string>();
const MAX_NAMES = 1_000;
const MAX_NAME_LENGTH = 80;

function nameAsJson(name: string): string {
  let json = namesAsJson.get(name);
  if (json === undefined) {
    json = safeJson(name)!;
    if (name.length > MAX_NAME_LENGTH) return json;
    if (namesAsJson.size >= MAX_NAMES) namesAsJson.clear();
    namesAsJson.set(name, json);
  }
  return json;
}

/** One JSON object per line on stdout. Callers pass paths without query strings and never pass headers. */
export function jsonLogger(write: (line: string) => void = batchedStdout()): Logger {
  return {
    log(level, message, fields = {}) {
      // Written field by field: the same JSON as stringifying one object, without building it for every request.
      let line = `{"time":"${isoNow()}","level":"${level}","message":${nameAsJson(message)}`;
      for (const name in fields) {
        const value = safeJson(fields[name]);
        if (value !== undefined) line += `,${nameAsJson(name)}:${value}`;
      }
      write(`${line}}`);
    },
  };
}

export const silentLogger: Logger = { log() {} };

/**
 * For a person at a terminal (`pressbox start`, `npm start`): one short line per request, `GET /v1/scores 200 3 ms`,
 * and warnings as `warn: message (field value, …)`. `serve` keeps JSON lines for machines.
 */
export function requestLines(write: (line: string) => void = batchedStdout()): Logger {
  return {
    log(level, message, fields = {}) {
      if (message === 'request') {
        write(escapeControls(`${fields.method} ${fields.path} ${fields.status} ${fields.ms} ms`));
        return;
      }
      const details = Object.entries(fields).map(([name, value]) => `${name} ${typeof value === 'string' ? value : JSON.stringify(value)}`);
      write(escapeControls(`${level}: ${message}${details.length ? ` (${details.join(', ')})` : ''}`));
    },
  };
}
