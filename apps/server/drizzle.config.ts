import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Every module's table files: a new module's tables need no shared file (each module's manifest declares them).
  schema: './src/modules/**/*.table.ts',
  out: './drizzle',
});
