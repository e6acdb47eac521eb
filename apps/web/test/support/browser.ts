import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`): browser downloads do not work here. */
export const CHROMIUM = '/usr/bin/chromium';
export const HAVE_CHROMIUM = existsSync(CHROMIUM);

/** Where the browser tests leave their screenshots, to be looked at (their paths are printed). */
export const SHOTS = join(tmpdir(), 'quarry-e2e-screens');
mkdirSync(SHOTS, { recursive: true });

/** Headless Chromium as every browser test runs it (root in CI: no sandbox). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--headless=new'] });
}
