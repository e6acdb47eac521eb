/**
 * A copy of the process environment for handing to child processes (the Temporal CLI, `go
 * install`) and for searching PATH. Not configuration: settings are read through `loadEnv`.
 */
export function inheritedEnv(extra: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  return { ...process.env, ...extra };
}
