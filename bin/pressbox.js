#!/usr/bin/env node
// The relay's runtime flags (a 16 MiB young generation: src/relay/base/runtime-flags.ts) hold however this file is
// started: `node bin/pressbox.js`, npx, a process manager or a container's CMD. Without them it runs itself again with
// them, in place.
import { fileURLToPath } from 'node:url';
import { relaunchedWithRuntimeFlags } from '../dist/cli/relaunch.js';

if (!relaunchedWithRuntimeFlags(fileURLToPath(import.meta.url))) await import('../dist/cli.js');
