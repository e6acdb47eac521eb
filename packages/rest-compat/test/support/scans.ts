import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { sharedPath } from '@quarry/testkit';

export const b64 = (text: string | Uint8Array): string => Buffer.from(text).toString('base64');

/** SigmaHQ rules and their regression samples, read in place from ../shared (never copied into the repo). */
export const SIGMA_SHARED = sharedPath('rules/sigma');
export const SIGMA_REGRESSION = sharedPath('rules/sigma-regression');
export const HAS_SIGMA_SHARED = existsSync(SIGMA_SHARED) && existsSync(SIGMA_REGRESSION);
/** The community directories a SigmaHQ release install would hold (placeholder rules need values, so they are left out). */
export const SIGMA_COMMUNITY_DIRS = ['rules', 'rules-emerging-threats', 'rules-threat-hunting'].map((d) => join(SIGMA_SHARED, d)).join(':');

export function warnIfNoSigmaShared(): void {
  if (!HAS_SIGMA_SHARED) console.warn(`skipping community Sigma tests: ${SIGMA_SHARED} or ${SIGMA_REGRESSION} is absent (../shared/rules)`);
}

/** One regression folder: a Sysmon process-creation sample that SigmaHQ's rule "File Download Via Bitsadmin" must match. */
export const BITSADMIN = {
  dir: join(SIGMA_REGRESSION, 'rules/windows/process_creation/proc_creation_win_bitsadmin_download'),
  evtx: 'd059842b-6b9d-4ed1-b5c3-5b89143c6ede.evtx',
  json: 'd059842b-6b9d-4ed1-b5c3-5b89143c6ede.json',
  title: 'File Download Via Bitsadmin',
};

export const MARKER_RULE = `rule quarry_marker
{
  meta:
    author = "tester"
    description = "a marker string"
  strings:
    $a = "QUARRY_SECRET_MARKER_7731"
  condition:
    $a
}
`;
