// The analyzer's command line, which the manifest tests run in their own process: its package types `create` alone.
declare module '@custom-elements-manifest/analyzer/cli.js' {
  /** `analyze` with the repository's configuration, as `cem analyze` runs it; the manifest, written only without `noWrite`. */
  export function cli(options: { argv: string[]; cwd?: string; noWrite?: boolean }): Promise<unknown>;
}
