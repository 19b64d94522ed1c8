// Builds each element's standalone file (vite.config.ts, mode "standalone"): one Vite build per tag, in this process.
import { build } from 'vite';
import { ELEMENT_TAGS } from '../src/contract/elements.js';

for (const tag of ELEMENT_TAGS) {
  process.env.PRESSBOX_STANDALONE_TAG = tag;
  await build({ mode: 'standalone', logLevel: 'warn' });
}
