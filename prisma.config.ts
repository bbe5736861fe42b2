// Prisma CLI settings. The URL is only read by CLI commands that talk to a database;
// `prisma generate` (the only one we run, see docs/database.md) needs none.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL ?? 'postgresql://localhost:5432/minimarket' },
});
