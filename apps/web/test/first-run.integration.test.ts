import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { HAVE_RULES, NO_RULES, makePackRepo, makeSigmaRepo, sharedPath, yaraRuleCount, type PackRepo, type SigmaRepo } from '@quarry/testkit';
import { CHROMIUM, HAVE_CHROMIUM, SHOTS, launchChromium } from './support/browser.js';
import { startService, type RunningService } from './support/service.js';
import { parseJob, upload, waitForJob } from './support/topology.js';

if (!HAVE_CHROMIUM) {
  if (process.env.CI) throw new Error(`${CHROMIUM} is required in CI (apt-get install chromium)`);
  console.warn(`${CHROMIUM} not installed: the Rules page browser check is skipped`);
}

// SigmaHQ's regression sample for a Security rule the test release (r2026-01-01) holds.
const RULE_ID = '7595ba94-cf3b-4471-aa03-4f6baa9e5fad';
const REGRESSION = sharedPath('rules', 'sigma-regression', 'rules/windows/builtin/security/win_security_susp_scheduled_task_delete_or_disable');

interface RuleSetsReply {
  status: { state: string; trigger: string; sets: { name: string; version: string; loaded: number }[] } | null;
  sigma: { sets: { name: string; version: string; loaded: number; refused: number }[] };
  yara: { sets: { name: string; version: string; loaded: number; refused: number }[] };
}

describe.skipIf(!HAVE_RULES)(`npm start without community rule sets ${HAVE_RULES ? '' : NO_RULES}`, () => {
  let root: string;
  let sigma: SigmaRepo;
  let pack: PackRepo;
  let service: RunningService;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'quarry-first-run-'));
    sigma = makeSigmaRepo(join(root, 'repos'));
    pack = makePackRepo(join(root, 'repos'));
    // The public sources, mirrored as local git repositories: what QUARRY_*_REPO(S) are for.
    service = await startService({
      QUARRY_SIGMA_RULES_REPO: sigma.url,
      QUARRY_YARA_PACK_REPOS: `reversinglabs=${pack.url}#${pack.branch}`,
      QUARRY_RULES_AUTO_FETCH: 'true',
    });
  });
  afterAll(async () => {
    await service?.stop();
    rmSync(root, { recursive: true, force: true });
  });

  test('fetches the sets in the background; the server shows and loads them, the worker runs them in the next EVTX job', async () => {
    // Made first: the admin CLI blocks this process for seconds, and a keep-alive connection the server
    // closed meanwhile would fail the next request (EPIPE) if it came right after.
    const creds = { token: service.newToken(), key: randomBytes(32).toString('base64') };
    // The server answered /healthz before the fetch ended (it never waits for it); now wait for the fetch.
    let sets: RuleSetsReply | undefined;
    const deadline = Date.now() + 240_000;
    for (;;) {
      const res = await fetch(`${service.base}/api/trpc/ruleSets`);
      sets = ((await res.json()) as { result: { data: RuleSetsReply } }).result.data;
      if (sets.status?.state !== 'fetching' && sets.sigma.sets.some((s) => s.name === 'SigmaHQ') && sets.yara.sets.some((s) => s.name === 'reversinglabs'))
        break;
      if (Date.now() > deadline) throw new Error(`no sets after 240 s: ${JSON.stringify(sets)}`);
      await new Promise((r) => setTimeout(r, 2_000));
    }
    expect(sets.status).toMatchObject({ state: 'installed', trigger: 'first-run' });
    expect(sets.sigma.sets.find((s) => s.name === 'SigmaHQ')).toMatchObject({ version: 'r2026-01-01', loaded: sigma.newest.length, refused: 0 });
    expect(sets.yara.sets.find((s) => s.name === 'reversinglabs')).toMatchObject({ loaded: yaraRuleCount(pack.files), refused: 0 });

    const [fileId] = await upload(service.base, [{ name: `${RULE_ID}.evtx`, data: readFileSync(join(REGRESSION, `${RULE_ID}.evtx`)) }], creds);
    const job = await waitForJob(service.base, await parseJob(service.base, [fileId!], creds, true), creds);
    expect(job.status).toBe('Completed');
    const insights = job.insights as Record<string, { title: string; data: unknown }>[];
    const overview = insights.find((i) => i['Metadata']?.title === 'Overview')!['Metadata']!.data as Record<string, string>;
    expect(overview['sigma_rule_sets']).toContain(`SigmaHQ r2026-01-01: ${sigma.newest.length} loaded, 0 refused`);
    const matches = insights.find((i) => i['Table']?.title === 'Overview: Sigma Matches')!['Table']!.data as string[][];
    const idColumn = matches[0]!.indexOf('Rule ID');
    expect(matches.slice(1).map((row) => row[idColumn])).toContain(RULE_ID);
  });

  test.runIf(HAVE_CHROMIUM)('the dashboard Rules page lists the sets with versions and counts, and the first-start fetch', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage();
      await page.goto(`${service.base}/rules`);
      const sigmaTable = page.getByRole('table', { name: 'Sigma rule sets' });
      const row = sigmaTable.getByRole('row').filter({ hasText: 'SigmaHQ' });
      await row.waitFor({ timeout: 60_000 });
      expect(await row.getByRole('cell').allInnerTexts()).toEqual(['SigmaHQ', 'r2026-01-01', String(sigma.newest.length), '0']);
      const packRow = page.getByRole('table', { name: 'YARA rule sets' }).getByRole('row').filter({ hasText: 'reversinglabs' });
      expect((await packRow.getByRole('cell').allInnerTexts()).slice(2)).toEqual([String(yaraRuleCount(pack.files)), '0']);
      await page.getByText('First-start fetch started').waitFor();
      await page.getByText('installed', { exact: true }).waitFor();
      // To be looked at, as the end-to-end test's screenshots are.
      const shot = join(SHOTS, 'rules-first-run.png');
      await page.screenshot({ path: shot, fullPage: true });
      console.log(`screenshot: ${shot}`);
    } finally {
      await browser.close();
    }
  });
});
