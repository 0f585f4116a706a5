// The layers of src/ (docs/architecture.md) and no import cycles, checked by
// `npm run deps` (part of `npm run check` and CI). Imports point one way:
//   cli → runtime → http → channels → core → db, domain
//   scheduler, worker → core, channels, db, domain;  live is fed by NOTIFY (db/notify.ts)
// domain/ is pure: it imports nothing outside itself; core/ never imports
// channels/ (the delivery contract is core/outgoing.ts); http/ runs no query
// (it calls core/ and channels/).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'An import cycle: the layers must point one way.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'domain/ holds the pure rules: it imports nothing of the app outside itself.',
      from: { path: '^src/domain/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'db-is-storage',
      severity: 'error',
      comment: 'db/ is storage: it may use the domain types and the error helpers (errors.ts, describe-failure.ts), never the layers above it.',
      from: { path: '^src/db/' },
      to: { path: '^src/', pathNot: '^src/(db/|domain/|errors\\.ts$|describe-failure\\.ts$)' },
    },
    {
      name: 'core-does-not-reach-up',
      severity: 'error',
      comment: 'core/ is the use cases: http, live, scheduler, worker and the runtime use it, not the other way round.',
      from: { path: '^src/core/' },
      to: { path: '^src/(http|live|scheduler|worker|cli|admin)/|^src/runtime\\.ts$' },
    },
    {
      name: 'core-does-not-know-channels',
      severity: 'error',
      comment:
        'core/ composes what a channel sends (core/outgoing.ts) and channels/ import it; core/ never imports a channel, the registry or a client.',
      from: { path: '^src/core/' },
      to: { path: '^src/channels/' },
    },
    {
      name: 'http-runs-no-query',
      severity: 'error',
      comment:
        'Handlers validate, call one use case (core/, or a channel of the registry) and answer: no db/ import but its types and the outage predicate (db/unavailable.ts, for the 503).',
      from: { path: '^src/http/' },
      to: { path: '^src/db/', pathNot: '^src/db/unavailable\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'channels-do-not-reach-up',
      severity: 'error',
      comment: 'channels/ are adapters to the outside: handed to the ticks and the worker, they import none of them.',
      from: { path: '^src/channels/' },
      to: { path: '^src/(http|live|scheduler|worker|cli|admin)/|^src/runtime\\.ts$' },
    },
    {
      name: 'live-is-fed-by-notifications',
      severity: 'error',
      comment: 'live/ hears NOTIFY and reads the database; nothing but http and the runtime holds it.',
      from: { path: '^src/', pathNot: '^src/(live|http)/|^src/runtime\\.ts$' },
      to: { path: '^src/live/' },
    },
    {
      name: 'loops-are-not-http',
      severity: 'error',
      comment: 'The scheduler and the worker run without the HTTP app.',
      from: { path: '^src/(scheduler|worker)/' },
      to: { path: '^src/(http|cli|admin)/|^src/runtime\\.ts$' },
    },
    {
      name: 'only-cli-starts-things',
      severity: 'error',
      comment: 'The composition root (runtime.ts) and the commands (cli/) are the top: nothing below imports them.',
      from: { path: '^src/', pathNot: '^src/(cli/|runtime\\.ts$)' },
      to: { path: '^src/(cli/|runtime\\.ts$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
