import { createRequire } from 'node:module';
import type { ColumnShape, ForeignKeyShape, SchemaShape, TableShape } from './schema-shape.js';

// The WASM build of Prisma's schema engine front end: parses and validates schema.prisma offline.
const wasm = createRequire(import.meta.url)('@prisma/prisma-schema-wasm') as { get_dmmf(params: string): string };

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'enum' | 'object' | 'unsupported';
  type: string;
  isList: boolean;
  isRequired: boolean;
  hasDefaultValue: boolean;
  isUpdatedAt: boolean;
  default?: unknown;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}

interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}

interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  dbName?: string | null;
  name?: string | null;
  fields: Array<{ name: string }>;
}

interface Dmmf {
  datamodel: {
    enums: Array<{ name: string; dbName?: string | null; values: Array<{ name: string; dbName?: string | null }> }>;
    models: DmmfModel[];
    indexes: DmmfIndex[];
  };
}

/** Defaults Prisma Client fills in itself: the column gets no DEFAULT in the database. */
const CLIENT_SIDE_DEFAULTS = new Set(['uuid', 'cuid', 'nanoid', 'ulid']);

export function readDmmf(schemaText: string): Dmmf {
  return JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: [['schema.prisma', schemaText]] }))) as Dmmf;
}

/** The PostgreSQL schema that Prisma's migrations would create for this schema.prisma. */
export function expectedShape(schemaText: string): SchemaShape {
  const { datamodel } = readDmmf(schemaText);
  const enumDbNames = new Map(datamodel.enums.map((e) => [e.name, e.dbName ?? e.name]));
  const models = new Map(datamodel.models.map((m) => [m.name, m]));
  const tableOf = (model: DmmfModel): string => model.dbName ?? model.name;
  const columnOf = (model: DmmfModel, fieldName: string): string => {
    const field = model.fields.find((f) => f.name === fieldName);
    if (!field) throw new Error(`${model.name} has no field ${fieldName}`);
    return field.dbName ?? field.name;
  };

  const shape: SchemaShape = { enums: {}, tables: {} };
  for (const e of datamodel.enums) shape.enums[e.dbName ?? e.name] = e.values.map((v) => v.dbName ?? v.name);

  for (const model of datamodel.models) {
    const table = tableOf(model);
    const columns: Record<string, ColumnShape> = {};
    const foreignKeys: Record<string, ForeignKeyShape> = {};
    for (const field of model.fields) {
      if (field.kind === 'scalar' || field.kind === 'enum') {
        const base = field.kind === 'enum' ? enumDbNames.get(field.type)! : scalarType(field);
        columns[field.dbName ?? field.name] = {
          type: field.isList ? `${base}[]` : base,
          nullable: !field.isRequired,
          default: field.hasDefaultValue ? defaultExpression(field, table, base) : null,
        };
      } else if (field.kind === 'object' && field.relationFromFields && field.relationFromFields.length > 0) {
        const target = models.get(field.type)!;
        const cols = field.relationFromFields.map((f) => columnOf(model, f));
        foreignKeys[`${table}_${cols.join('_')}_fkey`] = {
          columns: cols,
          refTable: tableOf(target),
          refColumns: (field.relationToFields ?? []).map((f) => columnOf(target, f)),
          // Prisma's defaults: Restrict for a required relation, SetNull for an optional one; Cascade on update.
          onDelete: field.relationOnDelete ?? (field.isRequired ? 'Restrict' : 'SetNull'),
          onUpdate: field.relationOnUpdate ?? 'Cascade',
        };
      }
    }
    const t: TableShape = { columns, primaryKey: { name: `${table}_pkey`, columns: [] }, uniques: {}, indexes: {}, foreignKeys };
    for (const index of datamodel.indexes.filter((i) => i.model === model.name)) {
      const cols = index.fields.map((f) => columnOf(model, f.name));
      if (index.type === 'id') t.primaryKey = { name: index.dbName ?? `${table}_pkey`, columns: cols };
      else if (index.type === 'unique') t.uniques[index.dbName ?? `${table}_${cols.join('_')}_key`] = cols;
      else if (index.type === 'normal') t.indexes[index.dbName ?? `${table}_${cols.join('_')}_idx`] = cols;
      else throw new Error(`index type ${index.type} is not compared`);
    }
    shape.tables[table] = t;
  }
  return shape;
}

/**
 * The DEFAULT Prisma's migrations give a column, as pg_get_expr prints it back; null for defaults
 * Prisma Client fills in itself.
 */
function defaultExpression(field: DmmfField, table: string, type: string): string | null {
  const value = field.default;
  if (typeof value === 'object' && value !== null && 'name' in value) {
    const fn = value as { name: string; args: unknown[] };
    if (CLIENT_SIDE_DEFAULTS.has(fn.name)) return null;
    if (fn.name === 'now') return 'CURRENT_TIMESTAMP';
    if (fn.name === 'autoincrement') return `nextval('${table}_${field.dbName ?? field.name}_seq'::regclass)`;
    if (fn.name === 'dbgenerated') return String(fn.args[0]);
    throw new Error(`default function ${fn.name}() is not mapped in the drift test`);
  }
  if (typeof value === 'boolean' || typeof value === 'number') return String(value);
  if (typeof value === 'string') {
    const literal = `'${value.replaceAll("'", "''")}'`;
    if (field.kind === 'enum') return `${literal}::"${type}"`;
    return `${literal}::${type}`;
  }
  throw new Error(`default ${JSON.stringify(value)} of ${field.name} is not mapped in the drift test`);
}

/** Prisma's PostgreSQL column type for a scalar field, spelled as format_type prints it. */
function scalarType(field: DmmfField): string {
  const [native, args = []] = field.nativeType ?? [undefined, []];
  if (native !== undefined) {
    switch (native) {
      case 'Uuid':
        return 'uuid';
      case 'Timestamptz':
        return `timestamp(${args[0] ?? 6}) with time zone`;
      case 'Timestamp':
        return `timestamp(${args[0] ?? 6}) without time zone`;
      case 'VarChar':
        return args[0] ? `character varying(${args[0]})` : 'character varying';
      case 'Text':
        return 'text';
      default:
        throw new Error(`native type @db.${native} is not mapped in the drift test`);
    }
  }
  switch (field.type) {
    case 'String':
      return 'text';
    case 'Int':
      return 'integer';
    case 'BigInt':
      return 'bigint';
    case 'Boolean':
      return 'boolean';
    case 'Bytes':
      return 'bytea';
    case 'Json':
      return 'jsonb';
    case 'Float':
      return 'double precision';
    case 'Decimal':
      return 'numeric(65,30)';
    case 'DateTime':
      return 'timestamp(3) without time zone';
    default:
      throw new Error(`scalar type ${field.type} is not mapped in the drift test`);
  }
}
