// nginx with proxy_cache in front of the relay: the yardstick for the relay's own cached route. nginx answers from
// its cache with no origin check and no metering, so the ratio says what those cost the relay.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { freePort } from '../test/harness/local-servers.js';
import { join } from 'node:path';

export interface RunningNginx {
  origin: string;
  stop(): void;
}

/**
 * nginx with as many worker processes as the relay has (one by default: the relay is one Node process), caching 200s
 * for 10 s as the relay caches the live slate.
 */
export async function startNginx(nginx: string, upstreamOrigin: string, dir: string, workers = 1): Promise<RunningNginx> {
  const port = await freePort();
  for (const sub of ['cache', 'tmp']) await mkdir(join(dir, sub), { recursive: true });
  const user = typeof process.getuid === 'function' && process.getuid() === 0 ? 'user root;' : '';
  const config = `${user}
worker_processes ${workers};
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/tmp/body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  proxy_cache_path ${dir}/cache levels=1:2 keys_zone=pressbox:10m max_size=100m inactive=10m use_temp_path=off;
  upstream relay { server ${new URL(upstreamOrigin).host}; keepalive 64; }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://relay;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Origin $http_origin;
      proxy_cache pressbox;
      proxy_cache_key $request_uri;
      proxy_cache_valid 200 10s;
      proxy_cache_lock on;
      proxy_ignore_headers Cache-Control Expires Vary Set-Cookie;
    }
  }
}
`;
  const file = join(dir, 'nginx.conf');
  await writeFile(file, config);
  const child: ChildProcess = spawn(nginx, ['-p', dir, '-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    const up = await fetch(`${origin}/health`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (attempt > 100) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { origin, stop: () => child.kill('SIGQUIT') };
}
