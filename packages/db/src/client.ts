import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient, type Prisma } from './generated/prisma/client.js';

/** A PrismaClient over the pg driver adapter (no native query engine), with `close()`. */
export type Db = PrismaClient & { close(): Promise<void> };

/** What repositories accept: the client itself or the client of an interactive transaction. */
export type DbClient = PrismaClient | Prisma.TransactionClient;

export function createDb(databaseUrl: string): Db {
  const adapter = new PrismaPg({ connectionString: databaseUrl });
  const prisma = new PrismaClient({ adapter });
  return Object.assign(prisma, { close: () => prisma.$disconnect() });
}
