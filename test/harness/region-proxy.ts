// A reverse proxy as an operator's nginx or CDN in front of the relay is: it sets the reader's region in one header,
// replacing any the reader sent (`pressbox serve --trust-proxy 127.0.0.1 --region-header x-pressbox-region`).
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export const REGION_HEADER = 'x-pressbox-region';

export interface RegionProxy {
  origin: string;
  close(): Promise<void>;
}

/** Proxies everything to `target`, streams included, telling it every reader is in `region`. */
export async function startRegionProxy(target: string, region: string): Promise<RegionProxy> {
  const upstream = new URL(target);
  const proxy: Server = createServer((incoming, outgoing) => {
    const forwarded = request(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: upstream.host, [REGION_HEADER]: region },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', () => outgoing.destroy());
    outgoing.on('close', () => forwarded.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: async () => {
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    },
  };
}
