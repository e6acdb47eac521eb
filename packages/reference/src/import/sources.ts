import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ImportError } from './errors.js';
import { readZip } from './zip.js';

/** The upstream formats the importer understands (see ../shared/lookup/<module>/README.md). */
export type SourceKind =
  /** strontic/xcyclopedia output CSV (EXE or DLL), zipped or not. */
  | 'xcyclopedia'
  /** Eventlog_Compendium ETWEventsList, one provider of one Windows build; release from the path. */
  | 'etw-build'
  /** The same rows de-duplicated across builds, with an `OS Releases` column. */
  | 'etw-releases'
  /** OSSEM-DD event field lists, extracted to TSV. */
  | 'ossem-fields'
  /** Eventlog_Compendium eventid_message_mapping.json (Security-Auditing id -> first sentence). */
  | 'security-messages';

export interface SourceText {
  path: string;
  kind: SourceKind;
  text: string;
  /** etw-build only: the release label, e.g. "W10_22H2". */
  release?: string;
}

export interface SkippedSource {
  path: string;
  reason: string;
}

const ETW_HEADER = 'Provider,Level,Event ID,Version,Channel,Task,Opcode,Keyword,Message';
const DATA_EXTENSIONS = /\.(csv|tsv|json)(\.gz)?$|\.zip$/i;

/** Tells a source by its first line, not its name: operators rename files. */
function classify(text: string): SourceKind | undefined {
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  const eol = text.indexOf('\n', start);
  const header = text
    .slice(start, eol < 0 ? undefined : eol)
    .replace(/\r$/, '')
    .replaceAll('"', '');
  if (header.startsWith('file_name,file_path,hash_md5')) return 'xcyclopedia';
  if (header === `${ETW_HEADER},OS Releases`) return 'etw-releases';
  if (header === ETW_HEADER) return 'etw-build';
  if (header.startsWith('ossem_path\tlog_source\tevent_id\tevent_version\tname\tfield_names')) return 'ossem-fields';
  if (/^\{\s*$/.test(header) && /^\s*\{\s*"\d+"\s*:/.test(text.slice(start, start + 200))) return 'security-messages';
  return undefined;
}

/**
 * Upstream names a build folder like `W10_22H2_Pro_20230321_19045.2728` and keeps its providers in
 * `<build>/Providers/`; the release label is the first two `_`-separated tokens ("W10_22H2").
 */
export function releaseFromPath(path: string): string | undefined {
  const dir = dirname(path);
  if (basename(dir).toLowerCase() !== 'providers') return undefined;
  const tokens = basename(dirname(dir)).split('_');
  return tokens.length >= 2 && tokens[0] && tokens[1] ? `${tokens[0]}_${tokens[1]}` : undefined;
}

async function listFiles(input: string): Promise<string[]> {
  const s = await stat(input);
  if (!s.isDirectory()) return [input];
  const names = (await readdir(input, { recursive: true, encoding: 'utf8' })).sort();
  const files: string[] = [];
  for (const name of names) {
    if (!DATA_EXTENSIONS.test(name)) continue;
    const path = join(input, name);
    if ((await stat(path)).isFile()) files.push(path);
  }
  return files;
}

/** One file's texts: a zip may hold several CSVs; .gz is decompressed. */
async function readTexts(path: string): Promise<{ path: string; text: string }[]> {
  const buf = await readFile(path);
  if (/\.zip$/i.test(path)) {
    return readZip(buf, path, (n) => /\.csv$/i.test(n)).map((e) => ({ path: `${path}:${e.name}`, text: e.data.toString('utf8') }));
  }
  const raw = /\.gz$/i.test(path) ? gunzipSync(buf) : buf;
  return [{ path, text: raw.toString('utf8') }];
}

/**
 * Every recognised upstream text under the inputs (files or directories, walked recursively in
 * name order), one at a time so a full upstream mirror (~183k files) never sits in memory at once.
 */
export async function* readSources(inputs: readonly string[], skipped: SkippedSource[]): AsyncGenerator<SourceText> {
  for (const input of inputs) {
    for (const file of await listFiles(input)) {
      let texts: { path: string; text: string }[];
      try {
        texts = await readTexts(file);
      } catch (err) {
        skipped.push({ path: file, reason: err instanceof ImportError ? err.message : `unreadable: ${(err as Error).message}` });
        continue;
      }
      for (const { path, text } of texts) {
        const kind = classify(text);
        if (!kind) {
          skipped.push({ path, reason: 'not a recognised upstream format' });
          continue;
        }
        if (kind === 'etw-build') {
          const release = releaseFromPath(file);
          if (!release) {
            skipped.push({ path, reason: 'ETW provider CSV outside a <build>/Providers/ folder: release unknown' });
            continue;
          }
          yield { path, kind, text, release };
        } else {
          yield { path, kind, text };
        }
      }
    }
  }
}
