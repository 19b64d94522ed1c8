// nginx as the operators' guide runs it: the program from Debian's packages (installed when missing and we may), and
// deploy/nginx.conf itself in front of relays on this machine. Shared by the bench and the tests that go through it.
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { freePort } from './local-servers.js';

/** A program from Debian's packages: its path, installing the package when it is missing and we may; otherwise why not. */
export function findDebianTool(binary: string, pkg = binary): { path: string } | { missing: string } {
  const which = () =>
    spawnSync('sh', ['-c', `command -v ${binary} || ls /usr/sbin/${binary} 2>/dev/null`], { encoding: 'utf8' })
      .stdout.trim()
      .split('\n')[0];
  const found = which();
  if (found) return { path: found };
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root || spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status !== 0)
    return { missing: `${binary} is not installed and cannot be installed here (needs root and apt-get): sudo apt-get install -y ${pkg}` };
  console.error(`${binary} not found: installing Debian's ${pkg} package (apt-get install -y ${pkg})…`);
  try {
    execFileSync('apt-get', ['update', '-qq'], { stdio: 'ignore' });
    execFileSync('apt-get', ['install', '-y', '-qq', pkg], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  } catch (error) {
    return { missing: `apt-get install ${pkg} failed: ${(error as Error).message}` };
  }
  const installed = which();
  return installed ? { path: installed } : { missing: `apt-get install ${pkg} ran, but no ${binary} was found` };
}

/** deploy/nginx.conf itself, with its relays' ports, its own listen port and a scratch folder: nothing else changed. */
export async function startDeployNginx(
  nginx: string,
  relayPorts: number[],
  dir: string,
): Promise<{ origin: string; process: ChildProcess }> {
  const port = await freePort();
  let config = await readFile('deploy/nginx.conf', 'utf8');
  let relay = 0;
  config = config
    .replace(/server 127\.0\.0\.1:880\d/g, () => `server 127.0.0.1:${relayPorts[relay++]}`)
    .replace(/listen 8787;/, `listen 127.0.0.1:${port};`)
    .replace(/pid [^;]+;/, `pid ${dir}/nginx.pid;\ndaemon off;${process.getuid?.() === 0 ? '\nuser root;' : ''}`)
    .replace(
      /http \{/,
      `http {\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;`,
    );
  if (relay !== relayPorts.length) throw new Error('deploy/nginx.conf no longer names three relays on 127.0.0.1:880x');
  const file = join(dir, 'nginx.conf');
  await writeFile(file, config);
  const child = spawn(nginx, ['-p', dir, '-c', file], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  const origin = `http://127.0.0.1:${port}`;
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${stderr}`);
    if (
      await fetch(`${origin}/health`).then(
        (response) => response.ok,
        () => false,
      )
    )
      break;
    if (attempt > 100) throw new Error(`nginx did not start: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { origin, process: child };
}
