/**
 * The architecture's executable picture (docs/architecture.md explains each rule). `npm run
 * check:boundaries` runs it, and `npm test` runs that; `npm run graph` draws the layers from it.
 */
const TESTS = "(\\.test\\.tsx?$|^server/test/|/test-fixtures\\.ts$|^app/test/)";

export default {
  forbidden: [
    {
      name: "no-circular",
      severity: "error",
      comment: "Files never import each other in a loop, types included: a circle is one room in disguise.",
      from: { pathNot: TESTS },
      to: { circular: true },
    },
    {
      name: "core-stands-alone",
      severity: "error",
      comment:
        "core/ is the floor both halves stand on: it imports only itself and a few pure packages (zxcvbn-ts for the password rules, which only the server uses), never app/, server/ or Node's built-ins.",
      from: { path: "^core/", pathNot: TESTS },
      to: {
        pathNot: ["^core/", "(^|/)node_modules/(zod|@date-fns/tz|date-fns|react-router|@zxcvbn-ts/[^/]+)/"],
      },
    },
    {
      name: "app-not-server",
      severity: "error",
      comment:
        "The web app never imports the server: it gets the services from the request context. The one seam is app/context.ts, which takes the context's type (server/http/types.ts) as a type only.",
      from: { path: "^app/", pathNot: "^app/context\\.ts$" },
      to: { path: "^server/" },
    },
    {
      name: "the-seam-is-type-only",
      severity: "error",
      comment: "app/context.ts may know the server's context variables as a type, never as code.",
      from: { path: "^app/context\\.ts$" },
      to: { path: "^server/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "server-not-app",
      severity: "error",
      comment: "The server never imports the web app: what both need lives in core/.",
      from: { path: "^server/" },
      to: { path: "^app/" },
    },
    {
      name: "client-without-node",
      severity: "error",
      comment:
        "What the browser loads (app/ outside *.server.ts files) never imports Node's built-ins: they would break or bloat the client bundle.",
      from: { path: "^app/", pathNot: ["\\.server\\.tsx?$", TESTS] },
      to: { dependencyTypes: ["core"] },
    },
    {
      name: "features-apart",
      severity: "error",
      comment:
        "A feature of the web app (app/features/<area>: its components, hooks and helpers) never imports another feature, tests included: what two share is shared UI (app/ui), and a page that shows both composes them (app/routes, app/layout).",
      from: { path: "^app/features/([^/]+)/" },
      to: { path: "^app/features/", pathNot: "^app/features/$1/" },
    },
    {
      name: "features-below-pages",
      severity: "error",
      comment:
        "A feature is composed by the pages (app/routes) and the page frame (app/layout), never the other way round.",
      from: { path: "^app/features/" },
      to: { path: "^app/(routes|layout)/" },
    },
    {
      name: "ui-shared-by-all",
      severity: "error",
      comment:
        "Shared UI (app/ui) and the app's helpers (app/lib, app/i18n) are below every feature: they import no feature, no page and not the frame.",
      from: { path: "^app/(ui|lib|i18n)/" },
      to: { path: "^app/(features|routes|layout)/" },
    },
    {
      name: "helpers-below-ui",
      severity: "error",
      comment: "The app's helpers (app/lib, app/i18n) are below shared UI too.",
      from: { path: "^app/(lib|i18n)/" },
      to: { path: "^app/ui/" },
    },
    {
      name: "no-folder-cycles",
      severity: "error",
      scope: "folder",
      comment:
        "No two folders of the web app import each other, however far round (feature, shared UI, frame, pages): a folder circle is one room in disguise, like a file circle.",
      from: { path: "^app/" },
      to: { path: "^app/", circular: true },
    },
    {
      name: "modules-through-their-index",
      severity: "error",
      comment:
        "A module is reached through its public index.ts; its other files, its tables above all, are private to it.",
      from: {
        path: "^server/modules/([^/]+)/",
        pathNot: [
          TESTS,
          "^server/modules/listing-reads/",
          "^server/modules/listing-admin-reads/",
          "^server/modules/deal-admin/",
        ],
      },
      to: {
        path: "^server/modules/[^/]+/",
        pathNot: ["^server/modules/$1/", "^server/modules/[^/]+/(index|keys)\\.ts$"],
      },
    },
    {
      name: "the-read-side-reads-tables",
      severity: "error",
      comment:
        "The declared read side (listing-reads, ADR 0071) is reached through its index too, and reaches other modules through theirs; it may import the tables of the modules it reads (listings, catalog) to read them, and tests/architecture/raw-sql-owners.test.ts checks that it writes none.",
      from: { path: "^server/modules/listing-reads/", pathNot: TESTS },
      to: {
        path: "^server/modules/[^/]+/",
        pathNot: [
          "^server/modules/listing-reads/",
          "^server/modules/[^/]+/(index|keys)\\.ts$",
          "^server/modules/listings/tables/",
          "^server/modules/catalog/tables\\.ts$",
        ],
      },
    },
    {
      name: "the-back-office-listing-reads-read-tables",
      severity: "error",
      comment:
        "The back office's listing reads (listing-admin-reads, ADR 0142, split from listing-reads) are a declared read side like it: reached through their index, they reach other modules through theirs and may import the tables of the modules they read (listings, catalog) to read them; tests/architecture/raw-sql-owners.test.ts checks that they write none.",
      from: { path: "^server/modules/listing-admin-reads/", pathNot: TESTS },
      to: {
        path: "^server/modules/[^/]+/",
        pathNot: [
          "^server/modules/listing-admin-reads/",
          "^server/modules/[^/]+/(index|keys)\\.ts$",
          "^server/modules/listings/tables/",
          "^server/modules/catalog/tables\\.ts$",
        ],
      },
    },
    {
      name: "the-deals-read-side-reads-tables",
      severity: "error",
      comment:
        "The deals' back office (deal-admin, ADR 0089) is a declared read side too: reached through its index, it reaches other modules through theirs and may import the deals' tables to read them; it moves a deal only through the deals' flow, and tests/architecture/raw-sql-owners.test.ts checks that it writes none of their tables.",
      from: { path: "^server/modules/deal-admin/", pathNot: TESTS },
      to: {
        path: "^server/modules/[^/]+/",
        pathNot: [
          "^server/modules/deal-admin/",
          "^server/modules/[^/]+/(index|keys)\\.ts$",
          "^server/modules/deals/tables(\\.ts$|/)",
        ],
      },
    },
    {
      name: "outside-through-the-index",
      severity: "error",
      comment:
        "The rest of the server (the composition root, jobs, scripts) reaches a module through its index.ts too, and the HTTP layer also through its api (api.ts or api/index.ts). The database layer (server/db: the schema Drizzle migrates, the demo data) is below the modules and sees their tables.",
      from: {
        path: "^(server|scripts)/",
        pathNot: ["^server/modules/", "^server/db/", "^server/http/", TESTS],
      },
      to: { path: "^server/modules/[^/]+/", pathNot: "^server/modules/[^/]+/index\\.ts$" },
    },
    {
      name: "http-through-the-index-or-api",
      severity: "error",
      comment:
        "The HTTP layer (and the benchmarks, which are its clients) mount a module's routes from its api and reach nothing else inside it but the index.",
      from: { path: "^(server/http|bench)/", pathNot: TESTS },
      to: {
        path: "^server/modules/[^/]+/",
        pathNot: "^server/modules/[^/]+/(index\\.ts|api\\.ts|api/index\\.ts)$",
      },
    },
    {
      name: "index-hides-tables",
      severity: "error",
      comment: "A module's index.ts exports its service and types, never its tables.",
      from: { path: "^server/modules/[^/]+/index\\.ts$" },
      to: { path: "^server/modules/[^/]+/tables(\\.ts$|/)" },
    },
    {
      name: "keys-only-for-foreign-keys",
      severity: "error",
      comment:
        "A module's keys.ts hands out the columns other modules' tables point their foreign keys at; only tables import it.",
      from: { path: "^server/modules/([^/]+)/", pathNot: ["^server/modules/[^/]+/tables(\\.ts$|/)", TESTS] },
      to: { path: "^server/modules/[^/]+/keys\\.ts$", pathNot: "^server/modules/$1/" },
    },
    {
      name: "services-not-http",
      severity: "error",
      comment:
        "Business code never borrows from the HTTP layer: only a module's api (api.ts or api/) speaks HTTP.",
      from: { path: "^server/modules/[^/]+/", pathNot: ["^server/modules/[^/]+/api(\\.ts$|/)", TESTS] },
      to: { path: "^server/http/" },
    },
    {
      name: "no-orphans",
      severity: "error",
      comment: "A source file nobody imports is dead code (entry points and configuration aside).",
      from: {
        orphan: true,
        pathNot: [
          "\\.d\\.ts$",
          "(^|/)[^/]*\\.config\\.(ts|js|mjs|cjs)$",
          "^\\.dependency-cruiser\\.mjs$",
          "^app/(root|routes|entry\\.server)\\.tsx?$",
          "^app/routes/",
          "^server/main\\.ts$",
          "^scripts/",
          "^bench/",
          "^tests/",
          TESTS,
        ],
      },
      to: {},
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|build|builds|data|\\.react-router)/" },
    // TypeScript 7 has no JavaScript API yet, so the sources are parsed with swc, which keeps
    // type-only imports (as dependency type "type-only": the seam rule relies on it).
    parser: "swc",
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".json"],
    },
    reporterOptions: {
      dot: { collapsePattern: "^(node_modules/[^/]+|server/modules/[^/]+|core/[^/]+|app/[^/]+)" },
    },
  },
};
