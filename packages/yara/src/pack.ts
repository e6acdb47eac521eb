import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { validateRules as validate } from './native.js';
import { toDiagnostic, type Diagnostic } from './diagnostics.js';
import { EMPTY_EXTERNALS } from './externals.js';
import { listRuleFiles, type PackFile } from './pack-files.js';
import { outlineSource, type RuleOutline } from './outline.js';

export interface PackOptions {
  /** Directories searched recursively for `.yar`/`.yara`. */
  dirs: readonly string[];
  /** Label used in reports; defaults to the directory names joined with `+`. */
  name?: string;
  /** Define filename/filepath/extension/filetype/owner at compile time (default true). */
  externals?: boolean;
}

/** Compile outcome of one rule file, compiled on its own. */
export interface RuleFileReport {
  path: string;
  namespace: string;
  ok: boolean;
  /** Rule names the file declares (from the source outline). */
  rules: string[];
  errors: Diagnostic[];
  warnings: Diagnostic[];
}

export interface PackRule extends RuleOutline {
  namespace: string;
  path: string;
}

/** Files compiled together; rule names are unique inside a group. */
export interface CompileGroup {
  files: Array<{ namespace: string; source: string }>;
}

export interface Pack {
  /** Content hash of the compiled files and options: the key for compiled-rule caches. */
  id: string;
  name: string;
  dirs: string[];
  externals: boolean;
  files: RuleFileReport[];
  /** Rules of the files that compiled. */
  rules: PackRule[];
  groups: CompileGroup[];
  totals: { files: number; compiled: number; failed: number; rules: number; warnings: number };
}

/**
 * Sorts files into compile groups: a file joins the first group where none of its rule names
 * is taken. A file with a `global` rule gets a group to itself, because a global rule gates
 * every rule compiled beside it.
 */
function groupFiles(files: Array<{ namespace: string; source: string; names: string[]; hasGlobal: boolean }>): CompileGroup[] {
  const groups: Array<{ group: CompileGroup; names: Set<string>; closed: boolean }> = [];
  for (const f of files) {
    let target = f.hasGlobal ? undefined : groups.find((g) => !g.closed && f.names.every((n) => !g.names.has(n)));
    if (target === undefined) {
      target = { group: { files: [] }, names: new Set(), closed: f.hasGlobal };
      groups.push(target);
    }
    target.group.files.push({ namespace: f.namespace, source: f.source });
    for (const n of f.names) target.names.add(n);
  }
  return groups.map((g) => g.group);
}

/**
 * Loads a rule pack: every rule file is compiled on its own, so one broken file is reported
 * and skipped instead of blocking the pack. Yields to the event loop between files.
 */
export async function loadPack(options: PackOptions): Promise<Pack> {
  const externals = options.externals ?? true;
  const listed: PackFile[] = listRuleFiles(options.dirs);
  const reports: RuleFileReport[] = [];
  const rules: PackRule[] = [];
  const good: Array<{ namespace: string; source: string; names: string[]; hasGlobal: boolean }> = [];
  const hash = createHash('sha256').update(externals ? 'ext1' : 'ext0');
  const compileOptions = externals ? { defineVariables: { ...EMPTY_EXTERNALS } } : {};
  for (const file of listed) {
    let source: string;
    try {
      source = readFileSync(file.path, 'utf8');
    } catch (cause) {
      const message = `cannot read rule file: ${cause instanceof Error ? cause.message : String(cause)}`;
      reports.push({ path: file.path, namespace: file.namespace, ok: false, rules: [], errors: [{ code: 'io', title: message, message }], warnings: [] });
      continue;
    }
    const outline = outlineSource(source);
    const result = validate(source, compileOptions);
    const errors = result.errors.map(toDiagnostic);
    const warnings = result.warnings.map(toDiagnostic);
    const names = outline.rules.map((r) => r.name);
    const ok = errors.length === 0;
    reports.push({ path: file.path, namespace: file.namespace, ok, rules: names, errors, warnings });
    if (ok) {
      for (const r of outline.rules) rules.push({ ...r, namespace: file.namespace, path: file.path });
      good.push({ namespace: file.namespace, source, names, hasGlobal: outline.rules.some((r) => r.modifiers.includes('global')) });
      hash.update(file.namespace).update('\0').update(source).update('\0');
    }
    await yieldToLoop();
  }
  const compiled = reports.filter((r) => r.ok).length;
  return {
    id: hash.digest('hex').slice(0, 32),
    name: options.name ?? options.dirs.map((d) => d.replace(/\/+$/, '').split('/').pop() ?? d).join('+'),
    dirs: [...options.dirs],
    externals,
    files: reports,
    rules,
    groups: groupFiles(good),
    totals: {
      files: reports.length,
      compiled,
      failed: reports.length - compiled,
      rules: rules.length,
      warnings: reports.reduce((s, r) => s + r.warnings.length, 0),
    },
  };
}
