/** The direction code may depend in, checked by `npm run lint`: a new cycle or a layer crossed backwards fails CI. */

/** What Vite bundles for browsers (vite.config.ts): the elements, the operator console, the embed frame and builder. */
const BROWSER_CODE = '^src/(widgets|console|embed)/';

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
      name: 'browser-not-relay',
      severity: 'error',
      comment:
        "Browser code (every bundle Vite builds: the elements, the console, the embed frame and builder with what they share with the relay) never imports the relay, the sandbox, the CLI, the demo server or Node's modules.",
      from: { path: BROWSER_CODE },
      to: { path: '^src/(relay|sandbox|cli|demo|ssr)' },
    },
    {
      name: 'ssr-not-relay',
      severity: 'error',
      comment: 'The server renderer (src/ssr) draws elements for the relay and knows nothing of it: the relay asks it through features/render.ts.',
      from: { path: '^src/ssr/' },
      to: { path: '^src/(relay|sandbox|cli|demo)' },
    },
    {
      name: 'ssr-through-the-render-feature',
      severity: 'error',
      comment: 'Only the render feature loads the server renderer (lazily: Lit and the elements stay out of relays nobody asks for HTML).',
      from: { path: '^src/relay/', pathNot: '^src/relay/features/render\\.ts$' },
      to: { path: '^src/ssr/' },
    },
    {
      name: 'browser-not-node',
      severity: 'error',
      comment: 'Browser code runs in browsers: no Node module (node:fs, node:crypto…) reaches a bundle.',
      from: { path: BROWSER_CODE },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'relay-not-widgets',
      severity: 'error',
      comment: 'The relay never imports browser code; what both need lives in src/contract (or src/embed, for embeds).',
      from: { path: '^src/(relay|sandbox|cli)' },
      to: { path: '^src/(widgets|console)/' },
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
      name: 'no-folder-ties',
      severity: 'error',
      scope: 'folder',
      comment:
        'Folders of the relay and the elements point one way (a floor reads only the floors below it): two that reach each other, however far round, are one part. Needs --metrics (npm run lint passes it).',
      from: { path: '^src/(relay|widgets)/' },
      to: { circular: true },
    },
    {
      name: 'store-below-key-service',
      severity: 'error',
      comment:
        'key-service → store → keys: the store keeps the key model (keys/) and knows nothing of the service that checks and changes keys.',
      from: { path: '^src/relay/(store|keys)/' },
      to: { path: '^src/relay/key-service/' },
    },
    {
      name: 'keys-are-a-leaf',
      severity: 'error',
      comment:
        'The key model (keys/: a key, its plan, its allowed domains) is read by every floor above it and reads none of them (base/ is below it).',
      from: { path: '^src/relay/keys/' },
      to: { path: '^src/relay/(?!keys/|base/)[^/]+/' },
    },
    {
      name: 'base-is-the-ground',
      severity: 'error',
      comment:
        'base/ (errors, logger, defaults, input limits, readiness, the widget request) is what every floor of the relay stands on: it reads none of them.',
      from: { path: '^src/relay/base/' },
      to: { path: '^src/relay/(?!base/)' },
    },
    {
      name: 'root-is-the-top',
      severity: 'error',
      comment:
        "The relay's root holds only server.ts, the process that starts the features: no floor reads it but the cluster's workers, which start it.",
      from: { path: '^src/relay/(?!cluster/)[^/]+/' },
      to: { path: '^src/relay/[^/]+\\.ts$' },
    },
    {
      name: 'http-below-live-and-embed',
      severity: 'error',
      comment:
        'live/ and embed/ plug their routes into the HTTP layer (a StreamRoute, embed pages); http/ reads neither: what both need (league interest, embed tokens) sits in resources/ and http/.',
      from: { path: '^src/relay/http/' },
      to: { path: '^src/relay/(live|embed)/' },
    },
    {
      name: 'runtime-below-ui',
      severity: 'error',
      comment:
        'elements → ui → i18n → runtime: the runtime (config, relay client, live stream, formats, events) draws nothing; the live kit and its option live in ui/.',
      from: { path: '^src/widgets/(runtime|i18n)/' },
      to: { path: '^src/widgets/(ui|elements)/' },
    },
    {
      name: 'runtime-below-i18n',
      severity: 'error',
      comment: 'i18n reads the runtime (the script tag’s config, format options); the runtime speaks no words of its own.',
      from: { path: '^src/widgets/runtime/' },
      to: { path: '^src/widgets/i18n/' },
    },
    {
      name: 'widget-floors-below-the-entries',
      severity: 'error',
      comment:
        'The files at the root of src/widgets are entry points (the loader, the all-in-one index, the server entry): no floor reads them.',
      from: { path: '^src/widgets/[^/]+/' },
      to: { path: '^src/widgets/[^/]+\\.ts$' },
    },
    {
      name: 'routes-are-not-services',
      severity: 'error',
      comment: 'Route modules are leaves of the app; what other code needs from them belongs in a service module.',
      from: { pathNot: '^src/relay/(features/http-app|server)\\.ts$' },
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
