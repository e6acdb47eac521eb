// Prisma CLI configuration (Prisma 7 keeps the connection URL out of schema.prisma).
// The service itself never runs the Prisma CLI: @quarry/db applies prisma/migrations with its own
// runner, and `prisma migrate deploy` would agree with it where the schema engine is installed.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations' },
  datasource: { url: process.env['DATABASE_URL'] ?? '' },
});
