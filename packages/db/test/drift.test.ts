import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { migrate } from '../src/index.js';
import { actualShape } from './support/actual-shape.js';
import { freshDatabase, query } from './support/database.js';
import { expectedShape } from './support/expected-shape.js';
import type { SchemaShape } from './support/schema-shape.js';

const schemaPath = fileURLToPath(new URL('../../../prisma/schema.prisma', import.meta.url));

describe('schema.prisma and the migrated database agree', () => {
  let url: string;
  let drop: () => Promise<void>;
  let schemaText: string;
  let actual: SchemaShape;

  beforeAll(async () => {
    ({ url, drop } = await freshDatabase());
    await migrate(url);
    schemaText = await readFile(schemaPath, 'utf8');
    actual = await actualShape(url);
  });
  afterAll(() => drop());

  test('no drift: tables, columns, types, nullability, default expressions, enums, keys, indexes, foreign keys', () => {
    const expected = expectedShape(schemaText);
    expect(Object.keys(expected.tables).length).toBeGreaterThan(0);
    expect(actual).toEqual(expected);
  });

  test('a column added to schema.prisma only is detected', () => {
    const edited = schemaText.replace(/model User \{\n/, 'model User {\n  nickname String?\n');
    expect(edited).not.toBe(schemaText);
    const expected = expectedShape(edited);
    expect(expected.tables['users']?.columns['nickname']).toEqual({ type: 'text', nullable: true, default: null });
    expect(actual).not.toEqual(expected);
  });

  test('a change made in the database only is detected', async () => {
    const { url: otherUrl, drop: dropOther } = await freshDatabase();
    try {
      await migrate(otherUrl);
      await query(otherUrl, 'ALTER TABLE "files" ALTER COLUMN "sha256" DROP NOT NULL');
      expect(await actualShape(otherUrl)).not.toEqual(expectedShape(schemaText));
    } finally {
      await dropOther();
    }
  });

  test('a changed referential action, enum value or default is detected', () => {
    const cascadeless = schemaText.replace(
      'user       User      @relation(fields: [userId], references: [id], onDelete: Cascade)',
      'user       User      @relation(fields: [userId], references: [id])',
    );
    expect(cascadeless).not.toBe(schemaText);
    expect(actual).not.toEqual(expectedShape(cascadeless));
    const extraStatus = schemaText.replace('  Failed\n}', '  Failed\n  Cancelled\n}');
    expect(extraStatus).not.toBe(schemaText);
    expect(actual).not.toEqual(expectedShape(extraStatus));
    const otherDefault = schemaText.replace('@default(Pending)', '@default(Processing)');
    expect(otherDefault).not.toBe(schemaText);
    expect(actual).not.toEqual(expectedShape(otherDefault));
  });
});
