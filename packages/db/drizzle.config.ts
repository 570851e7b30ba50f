import { defineConfig } from 'drizzle-kit';

// Migrations are generated from the TypeScript schema and committed; both PGlite and
// PostgreSQL apply the very same SQL files at server start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/schema/index.ts',
  out: './migrations',
  casing: 'snake_case',
});
