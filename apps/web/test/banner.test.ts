import { describe, expect, test } from 'vitest';
import type { HuntingStatus } from '@quarry/api';
import { rulesLine, startBanner } from '../src/banner.js';

const cwd = '/srv/quarry';
const builtinOnly: HuntingStatus = {
  sigma: { loaded: 41, refused: 0, dirs: [] },
  yara: { rules: 12, failedFiles: 0, dirs: ['/srv/quarry/packages/yara/rules'] },
};

describe('the start banner', () => {
  test('says where the service is and what to do next', () => {
    const text = startBanner({
      base: 'http://127.0.0.1:3000',
      temporal: 'http://127.0.0.1:8233',
      blobs: '/srv/quarry/.data/blobs',
      role: 'all',
      rules: builtinOnly,
      workerPending: false,
      cwd,
    });
    expect(text).toContain('Quarry is running.');
    expect(text).toContain('  Dashboard  http://127.0.0.1:3000/\n');
    expect(text).toContain('  API        http://127.0.0.1:3000   (health: http://127.0.0.1:3000/healthz)\n');
    expect(text).toContain('npm run -s admin -- user create --name you --tier pro');
    expect(text).not.toContain('not polling yet');
    expect(text.trimEnd().endsWith('Press Ctrl+C to stop.')).toBe(true);
  });

  test('warns when no worker polls yet', () => {
    const text = startBanner({ base: 'http://h:1', temporal: 't', blobs: 'b', role: 'all', rules: builtinOnly, workerPending: true, cwd });
    expect(text).toContain('the worker is not polling yet');
  });
});

describe('the rules line', () => {
  test('only the built-in packs: counts, and how to add the community sets', () => {
    expect(rulesLine(builtinOnly, cwd)).toBe(
      'Sigma 41 rules, YARA 12 rules: the built-in packs only. Add SigmaHQ and community YARA: npm run -s rules -- update',
    );
  });

  test('community sets: counts and where they come from, relative to the checkout', () => {
    const status: HuntingStatus = {
      sigma: { loaded: 3120, refused: 7, dirs: ['/srv/quarry/.data/rules/sigma', '/opt/sigma-extra'] },
      yara: { rules: 2004, failedFiles: 1, dirs: ['/srv/quarry/packages/yara/rules', '/srv/quarry/.data/rules/yara'] },
    };
    expect(rulesLine(status, cwd)).toBe(
      'Sigma 3120 rules, YARA 2004 rules (Sigma: built-in + .data/rules/sigma, /opt/sigma-extra; YARA: built-in + .data/rules/yara)',
    );
  });

  test('still loading', () => {
    expect(rulesLine(undefined, cwd)).toMatch(/^still loading/);
  });
});
