import pg from 'pg';
import { REFERENTIAL_ACTIONS, type SchemaShape, type TableShape } from './schema-shape.js';

/** Reads the public schema of a live database from pg_catalog, leaving out Prisma's bookkeeping table. */
export async function actualShape(databaseUrl: string): Promise<SchemaShape> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const shape: SchemaShape = { enums: {}, tables: {} };
    const enums = await client.query<{ name: string; labels: string[] }>(`
      SELECT t.typname AS name, array_agg(e.enumlabel::text ORDER BY e.enumsortorder) AS labels
        FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
       WHERE n.nspname = 'public' GROUP BY t.typname`);
    for (const e of enums.rows) shape.enums[e.name] = e.labels;

    const tables = await client.query<{ oid: number; name: string }>(`
      SELECT c.oid, c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
       WHERE n.nspname = 'public' AND c.relkind = 'r' AND c.relname <> '_prisma_migrations'`);
    for (const { oid, name } of tables.rows) shape.tables[name] = await readTable(client, oid);
    return shape;
  } finally {
    await client.end();
  }
}

async function readTable(client: pg.Client, oid: number): Promise<TableShape> {
  const table: TableShape = { columns: {}, primaryKey: { name: '', columns: [] }, uniques: {}, indexes: {}, foreignKeys: {} };
  const columns = await client.query<{ name: string; type: string; notnull: boolean; default: string | null }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type, a.attnotnull AS notnull,
            pg_get_expr(d.adbin, d.adrelid) AS default
       FROM pg_attribute a LEFT JOIN pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = $1 AND a.attnum > 0 AND NOT a.attisdropped ORDER BY a.attnum`,
    [oid],
  );
  for (const c of columns.rows) {
    table.columns[c.name] = { type: c.type.replaceAll('"', ''), nullable: !c.notnull, default: c.default };
  }

  const indexes = await client.query<{ name: string; primary: boolean; unique: boolean; columns: string[] }>(
    `SELECT ic.relname AS name, i.indisprimary AS primary, i.indisunique AS unique,
            array(SELECT a.attname::text FROM unnest(i.indkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns
       FROM pg_index i JOIN pg_class ic ON ic.oid = i.indexrelid WHERE i.indrelid = $1`,
    [oid],
  );
  for (const i of indexes.rows) {
    if (i.primary) table.primaryKey = { name: i.name, columns: i.columns };
    else if (i.unique) table.uniques[i.name] = i.columns;
    else table.indexes[i.name] = i.columns;
  }

  const fks = await client.query<{
    name: string;
    columns: string[];
    ref_table: string;
    ref_columns: string[];
    on_delete: string;
    on_update: string;
  }>(
    `SELECT con.conname AS name, rc.relname AS ref_table,
            con.confdeltype AS on_delete, con.confupdtype AS on_update,
            array(SELECT a.attname::text FROM unnest(con.conkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.attnum ORDER BY k.ord) AS columns,
            array(SELECT a.attname::text FROM unnest(con.confkey) WITH ORDINALITY k(attnum, ord)
                    JOIN pg_attribute a ON a.attrelid = con.confrelid AND a.attnum = k.attnum ORDER BY k.ord) AS ref_columns
       FROM pg_constraint con JOIN pg_class rc ON rc.oid = con.confrelid
      WHERE con.conrelid = $1 AND con.contype = 'f'`,
    [oid],
  );
  for (const f of fks.rows) {
    table.foreignKeys[f.name] = {
      columns: f.columns,
      refTable: f.ref_table,
      refColumns: f.ref_columns,
      onDelete: REFERENTIAL_ACTIONS[f.on_delete] ?? f.on_delete,
      onUpdate: REFERENTIAL_ACTIONS[f.on_update] ?? f.on_update,
    };
  }
  return table;
}
