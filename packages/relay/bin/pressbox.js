#!/usr/bin/env -S node --max-semi-space-size=16
// A 16 MiB young generation, as Node 20 had: Node 24's larger default holds ~100 MiB more at 20,000 live streams.
import '../dist/cli.js';
