#!/usr/bin/env node
// Quarry admin CLI: users and API tokens. Runs the migrations first, so it works on a fresh database.
import { loadEnv } from '@quarry/config';
import { createDb } from '../client.js';
import { migrate } from '../migrate/migrate.js';
import { parseCommand, USAGE, UsageError } from './commands.js';

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv.includes('--help') || argv.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return argv.length === 0 ? 2 : 0;
  }
  let command;
  try {
    command = parseCommand(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`admin: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }

  const env = loadEnv();
  // The embedded cluster is reused when the service already runs it, else started just for us.
  // Imported only when needed: @quarry/devstack pulls in the Temporal client, a second of start-up.
  const postgres = env.DATABASE_URL === undefined ? await (await import('@quarry/devstack')).startPostgres({ dataDir: env.QUARRY_DATA_DIR }) : undefined;
  const databaseUrl = env.DATABASE_URL ?? postgres!.url;
  try {
    await migrate(databaseUrl);
    const db = createDb(databaseUrl);
    try {
      const lines = await command(db);
      process.stdout.write(`${lines.join('\n')}\n`);
      return 0;
    } catch (error) {
      if (!(error instanceof UsageError)) throw error;
      process.stderr.write(`admin: ${error.message}\n`);
      return 1;
    } finally {
      await db.close();
    }
  } finally {
    await postgres?.stop();
  }
}

main(process.argv.slice(2)).then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    process.stderr.write(`admin: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
