import { defineConfig } from "vitest/config";

// Unit and integration tests run on plain Vitest (no React Router plugin): server code and pure
// app/lib helpers. Integration tests open their own in-memory PGlite (or a fresh PostgreSQL
// database when TEST_DATABASE_URL is set), so files can run in parallel.
export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "server/**/*.test.ts", "scripts/**/*.test.ts"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
