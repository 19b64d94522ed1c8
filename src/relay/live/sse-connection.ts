import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Unread bytes a stream may hold in this process before its reader counts as behind: from then on it gets only the
 * latest state of each topic, once it has read what it was sent (a page that never reads costs at most this much
 * plus one frame per topic, which every viewer shares).
 */
export const SLOW_READER_BYTES = 64 * 1024;

export interface SseMessage {
  event: string;
  id?: string;
  /** One line: the relay only sends JSON, which never holds a raw line break. */
  data: string;
}

/**
 * A message as written to the wire, already framed as one HTTP/1.1 chunk: the same bytes serve every stream a change
 * goes to, written to each socket as they are.
 */
export function sseFrame(message: SseMessage): Buffer {
  return chunk(`event: ${message.event}\n${message.id ? `id: ${message.id}\n` : ''}data: ${message.data}\n\n`);
}

/**
 * One Server-Sent Events stream written straight to the Node response's socket. Per viewer it holds the response and two
 * closures; going through web streams (a TransformStream, its reader and writer per stream) cost about three times
 * the memory per open stream at thousands of viewers.
 */
export class SseConnection {
  private ended = false;
  private readonly socket: Socket;

  constructor(
    private readonly response: ServerResponse,
    /** The route's own headers (CORS, security), `[name, value, name, value…]`. */
    headers: readonly string[],
    onClose: () => void,
    /** Called once a reader that was behind has read everything it was sent. */
    onCaughtUp: () => void = () => {},
  ) {
    response.writeHead(200, [
      ...headers,
      'Content-Type',
      'text/event-stream; charset=utf-8',
      // Content is streamed as it changes: proxies must not buffer or cache it.
      'Cache-Control',
      'no-store',
      'X-Accel-Buffering',
      'no',
      'Connection',
      'keep-alive',
    ]);
    response.flushHeaders();
    // Frames are ready-made chunks of the response's chunked body, written to the socket without another framing
    // pass per viewer; the response itself only sends the head and, at the end, the last chunk.
    this.socket = response.socket!;
    this.socket.on('drain', onCaughtUp);
    response.once('close', () => {
      this.ended = true;
      onClose();
    });
  }

  get closed(): boolean {
    // A destroyed response destroys its socket: one flag and one getter per write, at thousands of writes an update.
    return this.ended || this.socket.destroyed;
  }

  /** Whether the reader has fallen behind (more than SLOW_READER_BYTES unread here); 'drain' ends it. */
  get behind(): boolean {
    return this.socket.writableLength > SLOW_READER_BYTES;
  }

  /** Bytes sent to this stream that its reader has not taken yet (beyond what the kernel holds). */
  get unreadBytes(): number {
    return this.socket.writableLength;
  }

  send(message: SseMessage): boolean {
    return this.write(sseFrame(message));
  }

  /** Writes a frame built once for every viewer (`sseFrame`). */
  sendFrame(frame: Buffer): boolean {
    return this.write(frame);
  }

  /** Tells the browser how long to wait before reconnecting. */
  retry(ms: number): boolean {
    return this.write(chunk(`retry: ${ms}\n\n`));
  }

  /** A keep-alive comment; a reader that is behind has bytes on their way already. */
  comment(text: string): boolean {
    return this.behind ? !this.closed : this.write(chunk(`: ${text}\n\n`));
  }

  end(): void {
    if (!this.closed) this.response.end();
  }

  private write(frame: Buffer): boolean {
    if (this.closed) return false;
    this.socket.write(frame);
    return true;
  }
}

/** Text as one chunk of a chunked HTTP/1.1 body: its length in hex, the bytes, a line end. */
function chunk(text: string): Buffer {
  const bytes = Buffer.from(text);
  return Buffer.concat([Buffer.from(`${bytes.length.toString(16)}\r\n`), bytes, Buffer.from('\r\n')]);
}
