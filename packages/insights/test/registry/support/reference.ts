import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { execFileSync } from 'node:child_process';
import { toolGate } from '@quarry/testkit';
import { HAVE_SAMPLES, NO_SAMPLES, samplePath } from '../../support/inputs.js';

const run = promisify(execFile);
const SCRIPT = fileURLToPath(new URL('./regipy_plugins.py', import.meta.url));

function hasPython(module: string): boolean {
  try {
    execFileSync('python3', ['-c', `import ${module}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Skip (or fail under CI) without regipy; ShellBags also need libfwsi/libfwps' Python bindings. */
export const REGIPY = HAVE_SAMPLES ? toolGate('regipy (pip install regipy)', hasPython('regipy')) : { skip: true, reason: NO_SAMPLES };
export const REGIPY_SHELLBAGS = HAVE_SAMPLES
  ? toolGate('regipy shellbags (pip install libfwsi-python libfwps-python)', hasPython('regipy') && hasPython('pyfwsi') && hasPython('pyfwps'))
  : { skip: true, reason: NO_SAMPLES };

/** libregf's Python bindings: the reference for hives regipy cannot open (regf 1.1, Windows NT 3.1). */
export const LIBREGF = HAVE_SAMPLES ? toolGate('pyregf (pip install libregf-python)', hasPython('pyregf')) : { skip: true, reason: NO_SAMPLES };

export interface RefProfile {
  sid: string;
  profile_image_path: string;
  /** ISO, microseconds, no zone (UTC). */
  last_written: string;
}

/** A SOFTWARE sample's ProfileList as libregf reads it. */
export async function libregfProfiles(rel: string): Promise<RefProfile[]> {
  const script = fileURLToPath(new URL('./libregf_profiles.py', import.meta.url));
  const { stdout } = await run('python3', [script, samplePath(`registry/${rel}`)]);
  return JSON.parse(stdout) as RefProfile[];
}

/** regipy plugin entries for one sample hive (read as it is on disk: regipy does not replay logs). */
export async function regipy(rel: string, ...plugins: string[]): Promise<Record<string, any>> {
  const { stdout } = await run('python3', [SCRIPT, samplePath(`registry/${rel}`), ...plugins], { maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(stdout) as Record<string, any>;
}

/** regipy prints times as `2018-03-27T12:11:32.021204+00:00`; our cells as `2018-03-27 12:11:32.021 UTC`. */
export function refTime(t: unknown): string {
  if (typeof t !== 'string' || t === '') return '';
  const m = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:\.(\d+))?/.exec(t);
  return m ? `${m[1]} ${m[2]}.${(m[3] ?? '').padEnd(3, '0').slice(0, 3)} UTC` : '';
}
