/**
 * The breaking-change check of the GraphQL API: the schema the server serves against the previous
 * committed SDL (apps/web/graphql/schema.graphql as main had it before its latest change), with
 * graphql-js's findBreakingChanges. A breaking change passes only when
 * apps/web/graphql/accepted-breaking-changes.json lists it under that previous SDL's git blob id.
 * To accept the current ones (after deciding integrations may break):
 *   npm run graphql:accept-breaking -w @quarry/web -- "why"
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { printSdl } from './print-graphql-schema.js';

// graphql's CommonJS build, as in print-graphql-schema.ts.
const { buildSchema, findBreakingChanges } = createRequire(import.meta.url)('graphql') as typeof import('graphql');

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const SDL_PATH = 'apps/web/graphql/schema.graphql';
export const ACCEPTED_FILE = fileURLToPath(new URL('../graphql/accepted-breaking-changes.json', import.meta.url));

export interface AcceptedChanges {
  /** git blob id of the previous SDL these changes break from (stable across rebases and merges). */
  from: string;
  reason: string;
  changes: string[];
}

export interface PreviousSdl {
  commit: string;
  blob: string;
  sdl: string;
}

const git = (...args: string[]): string => execFileSync('git', ['-C', REPO_ROOT, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** True when the repository's history can be read (a checkout with git, not a shallow copy). */
export function hasHistory(): boolean {
  try {
    return git('rev-parse', '--is-shallow-repository').trim() === 'false';
  } catch {
    return false;
  }
}

/**
 * The newest SDL on main's first-parent line (HEAD when there is no main) that differs from
 * `current`: the version integrations were last given. Null when the file has no other version.
 */
export function previousSdl(current: string): PreviousSdl | null {
  const ref = git('branch', '--list', 'main').trim() === '' ? 'HEAD' : 'main';
  for (const commit of git('log', '--first-parent', '--format=%H', ref, '--', SDL_PATH).split('\n').filter(Boolean)) {
    let blob: string;
    try {
      blob = git('rev-parse', `${commit}:${SDL_PATH}`).trim();
    } catch {
      continue; // the commit deleted the file
    }
    const sdl = git('cat-file', 'blob', blob);
    if (sdl !== current) return { commit, blob, sdl };
  }
  return null;
}

/** findBreakingChanges as stable, readable lines ("FIELD_REMOVED: Query.search was removed."). */
export function breakingChanges(previous: string, current: string): string[] {
  return findBreakingChanges(buildSchema(previous), buildSchema(current))
    .map((c) => `${c.type}: ${c.description}`)
    .sort();
}

export const readAccepted = (): AcceptedChanges[] => JSON.parse(readFileSync(ACCEPTED_FILE, 'utf8')) as AcceptedChanges[];

/** Breaking changes from `previous` that no entry for its blob accepts. */
export function unaccepted(previous: PreviousSdl, current: string, accepted: AcceptedChanges[]): string[] {
  const ok = new Set(accepted.filter((a) => a.from === previous.blob).flatMap((a) => a.changes));
  return breakingChanges(previous.sdl, current).filter((c) => !ok.has(c));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const reason = process.argv[2];
  if (!reason) throw new Error('usage: graphql-breaking-changes.ts "why these breaking changes are accepted"');
  const current = printSdl();
  const previous = previousSdl(current);
  if (!previous) throw new Error(`${SDL_PATH} has no previous version to compare with`);
  const accepted = readAccepted();
  const changes = unaccepted(previous, current, accepted);
  if (changes.length === 0) console.log('no breaking change to accept');
  else {
    accepted.push({ from: previous.blob, reason, changes });
    writeFileSync(ACCEPTED_FILE, `${JSON.stringify(accepted, null, 2)}\n`);
    console.log(`accepted ${changes.length} breaking changes from ${previous.commit.slice(0, 12)} in ${ACCEPTED_FILE}`);
  }
}
