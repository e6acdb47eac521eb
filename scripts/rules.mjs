#!/usr/bin/env node
/**
 * `npm run -s rules -- update`: fetches the community rule sets into <data dir>/rules/{sigma,yara}
 * (QUARRY_DATA_DIR, default .data), where the server and worker load them (and reload them when
 * files change). Sigma: the newest SigmaHQ release tag (rules, rules-emerging-threats,
 * rules-threat-hunting, LICENSE); YARA: the public packs known to `quarry-yara update-packs`.
 * Needs git and internet. Air-gapped machines: copy `rules/sigma` and `rules/yara` from a machine
 * that ran this (or point QUARRY_SIGMA_RULES / QUARRY_YARA_RULES at any copy).
 * Nothing from the fetched repositories is executed; an existing copy is replaced only when the new
 * one was fetched whole.
 */
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const dataDir = resolve(root, process.env.QUARRY_DATA_DIR || '.data');
const SIGMA_REPO = 'https://github.com/SigmaHQ/sigma.git';
const SIGMA_KEEP = ['rules', 'rules-emerging-threats', 'rules-threat-hunting', 'LICENSE', 'README.md'];
const OFFLINE = `Cannot reach the rule repositories (no internet, or git missing). On an air-gapped machine, copy
${join(dataDir, 'rules', 'sigma')} and ${join(dataDir, 'rules', 'yara')} from a machine that ran this command,
or point QUARRY_SIGMA_RULES / QUARRY_YARA_RULES at copies (see docs/operations.md).`;

function git(args, opts = {}) {
  // core.askPass=true answers any credential prompt with nothing, so git fails instead of waiting.
  return spawnSync('git', ['-c', 'core.askPass=true', ...args], { encoding: 'utf8', timeout: 300_000, ...opts });
}

function latestSigmaRelease() {
  const r = git(['ls-remote', '--tags', '--refs', SIGMA_REPO, 'r20*']);
  if (r.error || r.status !== 0) return undefined;
  const tags = r.stdout.split('\n').map((l) => l.split('refs/tags/')[1]).filter(Boolean).sort();
  return tags.at(-1);
}

function updateSigma() {
  const tag = latestSigmaRelease();
  if (!tag) return false;
  const work = mkdtempSync(join(tmpdir(), 'quarry-sigma-'));
  try {
    console.log(`sigma: fetching SigmaHQ release ${tag}`);
    const r = git(['clone', '--quiet', '--depth', '1', '--branch', tag, SIGMA_REPO, join(work, 'src')], { stdio: ['ignore', 'inherit', 'inherit'] });
    if (r.status !== 0) return false;
    const staged = join(work, 'sigma');
    mkdirSync(staged);
    for (const k of SIGMA_KEEP) if (existsSync(join(work, 'src', k))) cpSync(join(work, 'src', k), join(staged, k), { recursive: true });
    const target = join(dataDir, 'rules', 'sigma');
    mkdirSync(dirname(target), { recursive: true });
    const old = `${target}.old`;
    rmSync(old, { recursive: true, force: true });
    if (existsSync(target)) renameSync(target, old);
    cpSync(staged, target, { recursive: true });
    rmSync(old, { recursive: true, force: true });
    console.log(`sigma: installed ${tag} into ${target}`);
    return true;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function updateYara() {
  const cli = join(root, 'packages/yara/dist/cli.js');
  if (!existsSync(cli)) {
    console.error('yara: packages/yara is not built (npm run build, or scripts/bootstrap.mjs)');
    return false;
  }
  const r = spawnSync(process.execPath, [cli, 'update-packs', '--dest', join(dataDir, 'rules', 'yara')], { stdio: 'inherit' });
  return r.status === 0;
}

const [command] = process.argv.slice(2);
if (command !== 'update') {
  console.error('usage: npm run -s rules -- update');
  process.exit(2);
}
const sigma = updateSigma();
const yara = sigma ? updateYara() : false;
if (!sigma || !yara) {
  console.error(OFFLINE);
  process.exit(1);
}
console.log('Rule sets updated; running servers and workers reload them within seconds.');
