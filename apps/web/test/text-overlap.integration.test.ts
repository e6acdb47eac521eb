import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { CHROMIUM, HAVE_CHROMIUM, launchChromium } from './support/browser.js';
import { findTextOverlaps } from './support/text-overlap.js';

const runnable = HAVE_CHROMIUM;
if (!runnable && process.env.CI) throw new Error(`${CHROMIUM} is required in CI`);

let browser: Browser;
beforeAll(async () => {
  if (runnable) browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

/** The overlap check the job-page test relies on, on layouts whose answer is known by construction. */
async function overlapsIn(html: string): Promise<{ boxes: number; overlaps: { a: string; b: string }[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 600 } });
  await page.setContent(`<!doctype html><body style="font: 14px sans-serif; margin: 0">${html}</body>`);
  const result = await page.evaluate(findTextOverlaps, ['#root']);
  await page.close();
  return result;
}

describe.runIf(runnable)('findTextOverlaps (in Chromium)', () => {
  test('finds a long key running over its value in a fixed-width key cell (the old Metadata layout)', async () => {
    const { overlaps } = await overlapsIn(
      `<table id="root" style="table-layout: fixed; width: 500px; border-collapse: collapse"><tr>
         <th style="width: 120px; padding: 0; text-align: left">sigma_rules_without_logsource</th><td style="padding: 0">3</td>
       </tr></table>`,
    );
    expect(overlaps.map((o) => [o.a, o.b])).toEqual([['sigma_rules_without_logsource', '3']]);
  });

  test('finds two absolutely placed labels drawn on one another', async () => {
    const { overlaps } = await overlapsIn(
      `<div id="root" style="position: relative; height: 40px"><span style="position: absolute; left: 0">Critical 14</span><span style="position: absolute; left: 30px">High 146</span></div>`,
    );
    expect(overlaps).toHaveLength(1);
  });

  test('ignores text cut off by its clipping box, and text merely side by side', async () => {
    const { boxes, overlaps } = await overlapsIn(
      `<div id="root" style="display: grid; grid-template-columns: 120px 1fr; width: 500px">
         <div style="overflow: hidden; white-space: nowrap; text-overflow: ellipsis">sigma_rules_without_logsource</div><div>3</div>
         <div style="overflow-wrap: anywhere">sigma_rules_without_logsource</div><div>3</div>
       </div>`,
    );
    // One clipped line, the wrapped key's lines (two or more, by font), two values.
    expect(boxes).toBeGreaterThanOrEqual(5);
    expect(overlaps).toEqual([]);
  });
});
