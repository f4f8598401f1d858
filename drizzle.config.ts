import { defineConfig } from "drizzle-kit";

// Generates SQL migrations from the schema (`npm run db:generate -- --name <what>`); no database
// is needed. The app applies them itself with drizzle-orm's migrate() on PGlite or PostgreSQL.
export default defineConfig({
  dialect: "postgresql",
  schema: "./server/db/schema.ts",
  out: "./server/db/migrations",
  strict: true,
  verbose: true,
});
