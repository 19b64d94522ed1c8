// A request as fetch() will not send it: on a socket of its own, from an address of this machine's choosing, with
// any header, redirects not followed.
import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request on a socket of its own, from `localAddress` (any 127.x.y.z is this machine), with headers fetch() refuses. */
export function rawRequest(
  origin: string,
  path: string,
  options: { method?: string; headers?: Record<string, string>; localAddress?: string; body?: string } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        host: hostname,
        port,
        path,
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        agent: false,
      },
      (answer) => {
        let body = '';
        answer.setEncoding('utf8');
        answer.on('data', (chunk: string) => (body += chunk));
        answer.on('end', () => resolve({ status: answer.statusCode!, headers: answer.headers, body }));
      },
    );
    outgoing.on('error', reject);
    outgoing.end(options.body);
  });
}
