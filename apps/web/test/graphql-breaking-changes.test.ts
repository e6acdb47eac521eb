import { expect, test } from 'vitest';
import { printSdl } from '../scripts/print-graphql-schema.js';
import { breakingChanges, hasHistory, previousSdl, readAccepted, unaccepted } from '../scripts/graphql-breaking-changes.js';

const historyNote = "the breaking-change check reads the SDL's history with git: this checkout has none (or a shallow one)";

test.skipIf(!hasHistory() && process.env['CI'] === undefined)(
  'every breaking change from the previous committed SDL is accepted in accepted-breaking-changes.json',
  () => {
    expect(hasHistory(), historyNote).toBe(true);
    const current = printSdl();
    const previous = previousSdl(current);
    if (!previous) return; // the SDL has never changed: nothing can have broken
    expect(unaccepted(previous, current, readAccepted()), `run: npm run graphql:accept-breaking -w @quarry/web -- "why"`).toEqual([]);
  },
);

test('the check sees a removed field, a removed enum value and a field made nullable, and passes added ones', () => {
  const before = 'type Query { a: String! b: Int! e: E! } enum E { X Y }';
  const after = 'type Query { a: String b: Int! e: E! c: Int } enum E { X }';
  expect(breakingChanges(before, after)).toEqual([
    'FIELD_CHANGED_KIND: Query.a changed type from String! to String.',
    'VALUE_REMOVED_FROM_ENUM: Y was removed from enum type E.',
  ]);
});

test('an accepted change passes only under the SDL version it was accepted from', () => {
  const previous = { commit: 'c', blob: 'b1', sdl: 'type Query { a: String! b: Int c: Int }' };
  const current = 'type Query { a: String! c: Int }';
  const change = 'FIELD_REMOVED: Query.b was removed.';
  expect(unaccepted(previous, current, [])).toEqual([change]);
  expect(unaccepted(previous, current, [{ from: 'b1', reason: 'r', changes: [change] }])).toEqual([]);
  expect(unaccepted(previous, current, [{ from: 'other', reason: 'r', changes: [change] }])).toEqual([change]);
});
