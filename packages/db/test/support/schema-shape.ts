/** The parts of a PostgreSQL schema the drift test compares, in a form both sides can produce. */
export interface ColumnShape {
  /** As PostgreSQL's format_type prints it, without identifier quotes (e.g. `timestamp(3) with time zone`). */
  type: string;
  nullable: boolean;
  /** The DEFAULT expression as pg_get_expr prints it, or null when the column has none. */
  default: string | null;
}

export interface ForeignKeyShape {
  columns: string[];
  refTable: string;
  refColumns: string[];
  onDelete: string;
  onUpdate: string;
}

export interface TableShape {
  columns: Record<string, ColumnShape>;
  primaryKey: { name: string; columns: string[] };
  /** Constraint or index name -> columns. */
  uniques: Record<string, string[]>;
  indexes: Record<string, string[]>;
  foreignKeys: Record<string, ForeignKeyShape>;
}

export interface SchemaShape {
  /** Enum type name -> labels in declaration order. */
  enums: Record<string, string[]>;
  tables: Record<string, TableShape>;
}

/** Referential actions by the names Prisma uses; pg_constraint's one-letter codes map onto these. */
export const REFERENTIAL_ACTIONS: Record<string, string> = {
  a: 'NoAction',
  r: 'Restrict',
  c: 'Cascade',
  n: 'SetNull',
  d: 'SetDefault',
};
