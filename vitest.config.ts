import { defineConfig } from "vitest/config";

// Unit and integration tests run on plain Vitest (no React Router plugin): server code and pure
// app/lib helpers. Integration tests open their own in-memory PGlite (or a fresh PostgreSQL
// database when TEST_DATABASE_URL is set), so files can run in parallel.
export default defineConfig({
  test: {
    include: [
      "core/**/*.test.ts",
      "app/**/*.test.ts",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "tests/integration/**/*.test.ts",
      "tests/architecture/**/*.test.ts",
    ],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Test files share their worker's module cache instead of importing the server afresh each
    // (that import was a sixth to a third of the run). Files keep no state in modules: each opens
    // its own database and services, and the few stubs of globals and env undo themselves.
    isolate: false,
  },
});
