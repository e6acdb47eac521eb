/**
 * A task the pool can run: an export of an ES module that a pool thread loads. The input and
 * output types ride along so that `run` is checked at the call site; the module itself is only
 * named here, never imported, so the calling thread does not load what the threads run.
 */
export interface TaskRef<I, O> {
  /** file: URL of the compiled module (threads cannot load TypeScript). */
  readonly module: string;
  /** The export to call with the task's input. */
  readonly name: string;
  /** Type-only: never set. */
  readonly __types?: (input: I) => O;
}

/** Names export `name` of `module` as a task taking `I` and resolving to `O`. */
export function defineTask<I, O>(module: URL | string, name: string): TaskRef<I, O> {
  return { module: String(module), name };
}

/**
 * The compiled twin of a module next to `moduleUrl`: `file` beside it in dist, or in ../dist when
 * the caller runs from src (tests, tsx), where only the TypeScript exists.
 */
export function compiledBeside(moduleUrl: string, file: string): URL {
  return new URL(moduleUrl.endsWith('.ts') ? `../dist/${file}` : `./${file}`, moduleUrl);
}
