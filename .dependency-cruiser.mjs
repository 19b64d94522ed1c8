/** The direction code may depend in, checked by `npm run lint`: a new cycle or a layer crossed backwards fails CI. */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other: split out what both need.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'widgets-not-relay',
      severity: 'error',
      comment: 'Browser code never imports the relay, the sandbox or Node code.',
      from: { path: '^src/widgets/' },
      to: { path: '^src/(relay|sandbox|cli)' },
    },
    {
      name: 'relay-not-widgets',
      severity: 'error',
      comment: 'The relay never imports browser code; what both need lives in src/contract.',
      from: { path: '^src/(relay|sandbox|cli)' },
      to: { path: '^src/widgets/' },
    },
    {
      name: 'browser-reads-route-types-only',
      severity: 'error',
      comment: "The route contract's rules run in the relay; pages get refreshMs in each payload and import types only.",
      from: { path: '^src/widgets/' },
      to: { path: '^src/contract/routes\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'contract-is-a-leaf',
      severity: 'error',
      comment: 'The contract is read by browser and relay alike, so it imports nothing of theirs.',
      from: { path: '^src/contract/' },
      to: { path: '^src/(?!contract/)' },
    },
    {
      name: 'metering-below-http',
      severity: 'error',
      comment: 'http → metering → store: counting knows nothing of requests and responses.',
      from: { path: '^src/relay/(metering|store)/' },
      to: { path: '^src/relay/http/' },
    },
    {
      name: 'store-below-metering',
      severity: 'error',
      comment: 'A store keeps counts; the metering rules that decide them sit above it.',
      from: { path: '^src/relay/store/' },
      to: { path: '^src/relay/(metering|http|live|resources|admin)/' },
    },
    {
      name: 'routes-are-not-services',
      severity: 'error',
      comment: 'Route modules are leaves of the app; what other code needs from them belongs in a service module.',
      from: { pathNot: '^src/relay/(app|server)\\.ts$' },
      to: { path: '^src/relay/admin/routes\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.mts', '.js', '.mjs', '.json'] },
  },
};
