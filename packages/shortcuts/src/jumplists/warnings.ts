import { ShortcutError } from '../errors.js';
import type { ParseWarning } from '../model.js';

/** A damaged list can yield one warning per entry; past this many only a count is kept. */
const MAX_WARNINGS = 50;

/** Warnings of one Jump List file. */
export class Warnings {
  private readonly kept: ParseWarning[] = [];
  private suppressed = 0;

  add(structure: string, offset: number, message: string): void {
    if (this.kept.length < MAX_WARNINGS) this.kept.push({ structure, offset, message });
    else this.suppressed++;
  }

  /** A ShortcutError as a warning; anything else is a bug and is rethrown. */
  fromError(error: unknown): void {
    if (!(error instanceof ShortcutError)) throw error;
    this.add(error.structure, error.offset, error.reason);
  }

  get list(): ParseWarning[] {
    if (this.suppressed === 0) return this.kept;
    return [...this.kept, { structure: 'warnings', offset: 0, message: `${this.suppressed} more warnings not listed` }];
  }
}
