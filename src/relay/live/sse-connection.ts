import type { ServerResponse } from 'node:http';

/** What a slow reader may leave unread in its socket before its stream is closed (it reconnects and resumes). */
const MAX_UNREAD_BYTES = 1 << 20;

export interface SseMessage {
  event: string;
  id?: string;
  /** One line: the relay only sends JSON, which never holds a raw line break. */
  data: string;
}

/**
 * One Server-Sent Events stream written straight to the Node response. Per viewer it holds the response and two
 * closures; going through web streams (a TransformStream, its reader and writer per stream) cost about three times
 * the memory per open stream at thousands of viewers.
 */
export class SseConnection {
  private ended = false;

  constructor(
    private readonly response: ServerResponse,
    headers: Headers,
    onClose: () => void,
  ) {
    const head: Record<string, string> = {};
    headers.forEach((value, name) => (head[name] = value));
    response.writeHead(200, {
      ...head,
      'Content-Type': 'text/event-stream; charset=utf-8',
      // Content is streamed as it changes: proxies must not buffer or cache it.
      'Cache-Control': 'no-store',
      'X-Accel-Buffering': 'no',
      Connection: 'keep-alive',
    });
    response.flushHeaders();
    response.once('close', () => {
      this.ended = true;
      onClose();
    });
  }

  get closed(): boolean {
    return this.ended || this.response.destroyed;
  }

  send(message: SseMessage): boolean {
    return this.write(`event: ${message.event}\n${message.id ? `id: ${message.id}\n` : ''}data: ${message.data}\n\n`);
  }

  /** Tells the browser how long to wait before reconnecting. */
  retry(ms: number): boolean {
    return this.write(`retry: ${ms}\n\n`);
  }

  comment(text: string): boolean {
    return this.write(`: ${text}\n\n`);
  }

  end(): void {
    if (!this.closed) this.response.end();
  }

  private write(chunk: string): boolean {
    if (this.closed) return false;
    this.response.write(chunk);
    if (this.response.writableLength > MAX_UNREAD_BYTES) this.response.destroy();
    return true;
  }
}
