/**
 * Writes the GraphQL SDL of the API (packages/api/src/fronts/graphql/schema.ts) to
 * apps/web/graphql/schema.graphql, the committed copy clients and reviewers read; the test
 * graphql-sdl.test.ts fails when it is out of date. Run: npm run graphql:sdl -w @quarry/web
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { graphqlSchema } from '@quarry/api';

// graphql's CommonJS build, the copy Pothos built the schema with when loaded by Node: its ES build
// (what a bundler would pick) is another copy whose type checks reject this schema.
const { lexicographicSortSchema, printSchema } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

export const SDL_FILE = fileURLToPath(new URL('../graphql/schema.graphql', import.meta.url));

/** Sorted, so the file changes only when the schema does, not when fields move in the source. */
export const printSdl = (): string => `${printSchema(lexicographicSortSchema(graphqlSchema))}\n`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(SDL_FILE, printSdl());
  console.log(`wrote ${SDL_FILE}`);
}
