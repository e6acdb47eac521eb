import { beforeAll, describe, expect, it } from 'vitest';
import type { Insight } from '../../src/index.js';
import { LIBREGF, REGIPY, libregfProfiles, refTime, regipy, type RefProfile } from '../registry/support/reference.js';
import { hostJob, memberResults, skipUnless, table } from './support.js';

/**
 * Issue 35, Host Summary: Users holds the profiles SOFTWARE's ProfileList lists besides the SAM
 * accounts (a domain account's profile is the only trace of it: SAM holds local accounts). The
 * samples' only SOFTWARE hive is Windows NT 3.1's (regf 1.1), whose one profile belongs to a SID
 * the sample SAM (another machine) does not hold. Expected values come from libregf (ProfileList)
 * and regipy (the SAM's RIDs), never from our parser.
 */
const { skip: SKIP, reason: REASON } = skipUnless([LIBREGF, REGIPY]);
const SOFTWARE = 'regf-samples/SOFTWARE';

describe.skipIf(SKIP)(`ProfileList profiles in the registry and Host Summary: Users ${SKIP ? REASON : ''}`, () => {
  let insights: Insight[];
  let ref: RefProfile[];
  beforeAll(async () => {
    ref = await libregfProfiles(SOFTWARE);
    const results = await memberResults([{ type: 'registry', files: [`registry/${SOFTWARE}`, 'registry/regipy/SAM'] }]);
    insights = await hostJob(results);
  }, 600_000);

  it('the registry lists every ProfileList profile with its SID, profile path and last write (libregf)', () => {
    expect(ref.length).toBeGreaterThan(0);
    const rows = table(insights, 'Registry · Authentication Data: Profiles');
    expect(rows.map((r) => [r['SID'], r['Profile Path'], r['Last Write']])).toEqual(ref.map((p) => [p.sid, p.profile_image_path, refTime(p.last_written)]));
    expect(rows.every((r) => r['Hive'] === 'SOFTWARE' && r['Key'] === `SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\ProfileList\\${r['SID']}`)).toBe(true);
    // NT 3.x kept a profile as a hive file under config: its name is the profile's name.
    expect(rows.map((r) => r['User'])).toEqual(ref.map((p) => p.profile_image_path.split('\\').at(-1)));
  });

  it('Host Summary: Users holds the SAM accounts (regipy samparse) and, apart, each profile SAM lacks, linked to its row', async () => {
    const sam = (await regipy('regipy/SAM', 'samparse')).samparse as { rid: number }[];
    const users = table(insights, 'Host Summary: Users');
    const samRows = users.filter((r) => r['Source']!.startsWith('SAM'));
    expect(samRows.map((r) => Number(r['SID']!.split('-').at(-1))).sort()).toEqual(sam.map((e) => e.rid).sort());
    const profileRows = users.filter((r) => r['Source'] === 'ProfileList (SOFTWARE)');
    const samSids = new Set(samRows.map((r) => r['SID']));
    const expected = ref.filter((p) => !samSids.has(p.sid));
    expect(expected.length).toBeGreaterThan(0);
    expect(profileRows.map((r) => [r['SID'], r['Profile Path']])).toEqual(expected.map((p) => [p.sid, p.profile_image_path]));
    const profiles = table(insights, 'Registry · Authentication Data: Profiles');
    for (const r of profileRows) {
      const row = Number(/#row-(\d+)$/.exec(r['Evidence']!)?.[1]);
      expect(r['Evidence']).toMatch(/^Registry · Authentication Data: Profiles#row-\d+$/);
      expect(profiles[row]?.['SID']).toBe(r['SID']);
      expect(profiles[row]?.['Account']).toBe('not in SAM (domain or removed account)');
    }
  });
});
