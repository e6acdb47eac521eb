import type { Db } from './database.js';

type Statement = ReturnType<Db['prepare']>;

/**
 * Inserts rows into one table many at a time: the binding's cost per statement call exceeds
 * SQLite's own work on a small row, so one call carries `perCall` rows (the rest go one by one
 * on flush). Rows are inserted in the order they are added.
 */
export class BulkInsert {
  private readonly many: Statement;
  private readonly one: Statement;
  private readonly full: number;
  private pending: unknown[] = [];

  constructor(
    db: Db,
    /** `INSERT INTO table (columns)`, without VALUES. */
    into: string,
    private readonly width: number,
    perCall = 32,
  ) {
    const tuple = `(${Array(width).fill('?').join(', ')})`;
    this.many = db.prepare(`${into} VALUES ${Array(perCall).fill(tuple).join(', ')}`);
    this.one = db.prepare(`${into} VALUES ${tuple}`);
    this.full = width * perCall;
  }

  /** Queues one row (`width` values); inserts the queue once a statement's worth is in it. */
  add(values: readonly unknown[]): void {
    for (const v of values) this.pending.push(v);
    if (this.pending.length < this.full) return;
    this.many.run(this.pending);
    this.pending = [];
  }

  /** Inserts what is still queued. */
  flush(): void {
    for (let k = 0; k < this.pending.length; k += this.width) this.one.run(this.pending.slice(k, k + this.width));
    this.pending = [];
  }
}
