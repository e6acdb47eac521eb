/** Reads Sigma YAML (files, directories, text) into documents, resolving rule collections. */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseAllDocuments } from 'yaml';
import { SigmaError } from './errors.js';

export interface RuleDocument {
  data: Record<string, unknown>;
  file: string | undefined;
  /** Index of the YAML document inside its file. */
  document: number;
  line: number | undefined;
}

export interface SourceResult {
  documents: RuleDocument[];
  errors: SigmaError[];
}

const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Deep merge for collection `action: global` / `repeat`: maps merge, everything else replaces. */
function merge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    const b = out[k];
    out[k] = isMap(b) && isMap(v) ? merge(b, v) : v;
  }
  return out;
}

/** Parses YAML text holding one rule, several documents, or a rule collection. */
export function parseRuleText(text: string, file?: string): SourceResult {
  const documents: RuleDocument[] = [];
  const errors: SigmaError[] = [];
  const docs = parseAllDocuments(text, { prettyErrors: false, uniqueKeys: true });
  const list = Array.isArray(docs) ? docs : [docs];
  let global: Record<string, unknown> | undefined;
  let previous: Record<string, unknown> | undefined;
  list.forEach((doc, index) => {
    const line = lineOf(text, doc.contents?.range?.[0] ?? doc.range?.[0]);
    const first = doc.errors[0];
    if (first) {
      const at = first.linePos?.[0];
      errors.push(new SigmaError(`YAML syntax error: ${first.message.split('\n')[0]}`, { file, document: index, line: at?.line ?? line }));
      return;
    }
    let data: unknown;
    try {
      data = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      // Unresolved or excessive aliases surface only when the document is converted.
      errors.push(new SigmaError(`YAML error: ${(e as Error).message}`, { file, document: index, line }));
      return;
    }
    if (data === null || data === undefined) return;
    if (!isMap(data)) {
      errors.push(new SigmaError(`a rule document must be a map, got ${Array.isArray(data) ? 'a list' : typeof data}`, { file, document: index, line }));
      return;
    }
    const action = data['action'];
    if (action !== undefined) {
      const { action: _drop, ...rest } = data;
      if (action === 'global') global = global ? merge(global, rest) : rest;
      else if (action === 'reset') global = undefined;
      else if (action === 'repeat') {
        if (!previous) errors.push(new SigmaError("'action: repeat' has no previous document to repeat", { file, document: index, line }));
        else {
          previous = merge(previous, rest);
          documents.push({ data: previous, file, document: index, line });
        }
      } else
        errors.push(
          new SigmaError(`unknown collection action '${String(action)}' (expected global, reset or repeat)`, { file, document: index, line, path: 'action' }),
        );
      return;
    }
    previous = global ? merge(global, data) : data;
    documents.push({ data: previous, file, document: index, line });
  });
  return { documents, errors };
}

function lineOf(text: string, offset: number | undefined): number | undefined {
  if (offset === undefined) return undefined;
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
}

/** Every `.yml`/`.yaml` file under the given paths (files taken as given, directories recursively, sorted). */
export function listRuleFiles(paths: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (p: string): void => {
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p).sort()) {
        const child = join(p, name);
        if (statSync(child).isDirectory()) walk(child);
        else if (/\.ya?ml$/i.test(name)) out.push(child);
      }
    } else out.push(p);
  };
  for (const p of paths) walk(p);
  return out;
}

export function readRuleFiles(paths: readonly string[]): SourceResult {
  const documents: RuleDocument[] = [];
  const errors: SigmaError[] = [];
  for (const file of listRuleFiles(paths)) {
    const r = parseRuleText(readFileSync(file, 'utf8'), file);
    documents.push(...r.documents);
    errors.push(...r.errors);
  }
  return { documents, errors };
}
