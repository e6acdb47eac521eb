import { expect, test } from 'vitest';
import { JOB_STATUSES, JOB_TIERS, USER_TIERS, VISIBILITIES } from '@quarry/vocabulary';
import { JobStatus, JobTier, Tier, Visibility } from '../src/index.js';

// The database's enums come from schema.prisma; the rest of the code types against @quarry/vocabulary.
// Job categories are text under a CHECK that migrate keeps equal to the vocabulary (category-check.test.ts).
test('the database enums spell exactly the shared vocabulary', () => {
  const same = (a: object, b: readonly string[]) => expect(Object.values(a).sort()).toEqual([...b].sort());
  same(JobStatus, JOB_STATUSES);
  same(JobTier, JOB_TIERS);
  same(Tier, USER_TIERS);
  same(Visibility, VISIBILITIES);
});
