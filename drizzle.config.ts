import { defineConfig } from 'drizzle-kit';

// Generation only: migrations are applied at start-up by server/db/client.ts for either driver.
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
  strict: true,
});
