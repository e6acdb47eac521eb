import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { SDL_FILE, printSdl } from '../scripts/print-graphql-schema.js';

test('the committed GraphQL SDL is the schema the server serves (else: npm run graphql:sdl -w @quarry/web)', () => {
  expect(readFileSync(SDL_FILE, 'utf8')).toBe(printSdl());
});
