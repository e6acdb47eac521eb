import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { YaraError } from './errors.js';
import { loadPack } from './pack.js';

/** Public packs `update-packs` knows, pinned to a branch; each keeps its own licence file. */
export const PUBLIC_PACKS = [
  { name: 'signature-base', repo: 'https://github.com/Neo23x0/signature-base.git', branch: 'master', keep: ['yara', 'LICENSE', 'README.md'] },
  { name: 'reversinglabs', repo: 'https://github.com/reversinglabs/reversinglabs-yara-rules.git', branch: 'develop', keep: ['yara', 'LICENSE', 'README.md'] },
] as const;

/**
 * Fetches public packs with `git clone --depth 1` into a temp dir, keeps only the rule folders
 * and licence, checks that the pack compiles, then swaps it into `dest/<name>` (the old copy is
 * replaced only after the new one loaded). Runs no code from the packs. Needs git and internet.
 */
export async function updatePacks(dest: string, only: readonly string[] | undefined, log: (line: string) => void): Promise<boolean> {
  const chosen = PUBLIC_PACKS.filter((p) => only === undefined || only.includes(p.name));
  if (chosen.length === 0) throw new YaraError('invalid-input', `unknown pack; known: ${PUBLIC_PACKS.map((p) => p.name).join(', ')}`);
  let allOk = true;
  for (const p of chosen) {
    const work = mkdtempSync(join(tmpdir(), `quarry-pack-${p.name}-`));
    try {
      log(`fetching ${p.name} from ${p.repo} (${p.branch})`);
      // core.askPass=true answers any credential prompt with nothing, so git fails instead of waiting.
      const git = spawnSync('git', ['-c', 'core.askPass=true', 'clone', '--quiet', '--depth', '1', '--branch', p.branch, p.repo, join(work, 'src')], {
        stdio: ['ignore', 'inherit', 'inherit'],
        timeout: 300_000,
      });
      if (git.status !== 0) {
        log(`  failed: git clone exited ${git.status ?? git.signal} (no internet or git missing?); ${p.name} left as it was`);
        allOk = false;
        continue;
      }
      const staged = join(work, p.name);
      for (const k of p.keep) if (existsSync(join(work, 'src', k))) cpSync(join(work, 'src', k), join(staged, k), { recursive: true });
      const pack = await loadPack({ dirs: [staged] });
      const t = pack.totals;
      log(`  ${p.name}: files=${t.files} compiled=${t.compiled} failed=${t.failed} rules=${t.rules}`);
      if (t.compiled === 0) {
        log(`  refusing to install ${p.name}: nothing compiled`);
        allOk = false;
        continue;
      }
      const target = resolve(dest, p.name);
      const old = `${target}.old`;
      rmSync(old, { recursive: true, force: true });
      if (existsSync(target)) renameSync(target, old);
      cpSync(staged, target, { recursive: true });
      rmSync(old, { recursive: true, force: true });
      log(`  installed into ${target}`);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  return allOk;
}
