import { defineConfig } from "vitest/config";

// Two projects on plain Vitest (no React Router plugin), run together by `vitest run`:
// - "node": server code and pure app/lib helpers. Integration tests open their own in-memory PGlite
//   (or a fresh PostgreSQL database when TEST_DATABASE_URL is set), so files can run in parallel.
// - "dom": component tests (`*.test.tsx`) in happy-dom, rendered through React Router's route
//   stubs (app/test/render-route.tsx); `vitest run --project dom` runs them alone.
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core machines
    // the suite runs on, with the second core idle while a file waits on a child process or a
    // timer. Every file has its own database, so all the cores take files.
    maxWorkers: "100%",
    projects: [
      {
        test: {
          name: "node",
          include: [
            "core/**/*.test.ts",
            "app/**/*.test.ts",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "tests/integration/**/*.test.ts",
            "tests/architecture/**/*.test.ts",
          ],
          environment: "node",
          // On PostgreSQL: one migrated template database for the run (openTestDatabase copies it).
          globalSetup: ["server/test/database-template.ts"],
          testTimeout: 30_000,
          // A file's setup copies a migrated database (server/db/test-database.ts) and seeds what it
          // needs: seconds on CI, over a minute when the machine runs other suites beside it.
          hookTimeout: 120_000,
          pool: "forks",
          // Test files share their worker's module cache instead of importing the server afresh each
          // (that import was a sixth to a third of the run). Files keep no state in modules: each opens
          // its own database and services, and the few stubs of globals and env undo themselves.
          isolate: false,
        },
      },
      {
        test: {
          name: "dom",
          include: ["app/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["app/test/setup-dom.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          // Each file gets its own document and module state (component stores, React roots).
          isolate: true,
        },
      },
    ],
  },
});
