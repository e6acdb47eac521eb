#!/usr/bin/env node
// A workspace package's build (run from its directory): every src/**/*.ts transpiled on its own
// to dist/, same layout, with source maps. No type checking and no .d.ts here: serving needs
// neither, `npm test` typechecks every workspace from source (the `source` export condition), and
// tsc spent most of `npm start`'s first build checking types (docs/operations.md, "First start").
import { build } from 'esbuild';

await build({
  entryPoints: ['src/**/*.ts'],
  outdir: 'dist',
  outbase: 'src',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
