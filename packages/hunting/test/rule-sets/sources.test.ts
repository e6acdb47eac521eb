import { describe, expect, test } from 'vitest';
import { PUBLIC_PACKS } from '@quarry/yara';
import { SIGMAHQ_REPO, ruleSources } from '../../src/index.js';
import { redactUrl } from '../../src/rule-sets/git.js';

describe('ruleSources', () => {
  test('unset: SigmaHQ and the public packs with their branches', () => {
    expect(ruleSources()).toEqual({ sigmaRepo: SIGMAHQ_REPO, yaraPacks: PUBLIC_PACKS.map((p) => ({ name: p.name, repo: p.repo, branch: p.branch })) });
    expect(SIGMAHQ_REPO).toBe('https://github.com/SigmaHQ/sigma.git');
  });

  test('QUARRY_YARA_PACK_REPOS replaces the list; a known pack keeps its branch unless one is given, others use the default branch', () => {
    const s = ruleSources({
      sigmaRepo: 'file:///srv/sigma.git',
      yaraPackRepos: ' signature-base=https://mirror.example/sb.git , reversinglabs=/srv/rl.git#main,lab=git@host:lab.git',
    });
    expect(s).toEqual({
      sigmaRepo: 'file:///srv/sigma.git',
      yaraPacks: [
        { name: 'signature-base', repo: 'https://mirror.example/sb.git', branch: 'master' },
        { name: 'reversinglabs', repo: '/srv/rl.git', branch: 'main' },
        { name: 'lab', repo: 'git@host:lab.git', branch: undefined },
      ],
    });
  });
});

describe('redactUrl', () => {
  test('a mirror URL with credentials never reaches a log line or the status record', () => {
    expect(redactUrl("fatal: unable to access 'https://user:s3cret@mirror.example/sigma.git/': 403")).toBe(
      "fatal: unable to access 'https://***@mirror.example/sigma.git/': 403",
    );
    expect(redactUrl('file:///srv/sigma.git')).toBe('file:///srv/sigma.git');
  });
});
