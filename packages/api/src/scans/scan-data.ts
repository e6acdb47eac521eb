import { SigmaScanTimeoutError } from '@quarry/hunting';
import { YaraError, customRule, type Rules } from '@quarry/yara';
import type { Caller } from '../auth/caller.js';
import type { ServiceDeps } from '../deps.js';
import { AppError } from '../errors/app-error.js';
import { DATA_SCAN_MAX_BYTES } from '../limits.js';
import type { ScanDataInput } from './scan-data.schema.js';
import { decodeBase64, decodeRuleText } from './scan-params.js';
import { yaraRuleProblem } from './yara-rule-check.js';

/** A rule that matched the test data. */
export interface DataScanMatch {
  rule: string;
  description: string;
  author: string;
  tags: string[];
  /** Sigma only. */
  level: string;
}

/** What an inline scan found; the fronts shape it (REST: the spec's result elements). */
export type DataScanResult =
  { kind: 'error'; message: string } | { kind: 'matches'; custom: boolean; matches: DataScanMatch[]; warnings: string; customRule?: string };

const mb = (n: number) => `${n / (1024 * 1024)} MB`;

/**
 * Scans base64 test data synchronously: no job, results in the answer. Both engines run off the
 * event loop (YARA in scan worker processes, Sigma in a scan thread) under a time limit; a rule
 * that does not compile, oversize data and a scan past its limit are Error results, as the spec
 * shows them. Takes one unit of the caller's inline-scan quota.
 */
export async function scanData(deps: ServiceDeps, caller: Caller, input: ScanDataInput, clientAddress?: string): Promise<DataScanResult> {
  const data = decodeBase64(input.testData);
  if (!data) throw new AppError('BAD_REQUEST', 'Invalid test data format');
  const source = input.operation === 'run_rule' ? input.rule : undefined;
  if (input.operation === 'run_rule' && !source) throw new AppError('VALIDATION_FAILED', 'Rule is required');
  await deps.quotas.consume('dataScan', caller, clientAddress);
  if (data.length > DATA_SCAN_MAX_BYTES) return { kind: 'error', message: `Test data is larger than the ${mb(DATA_SCAN_MAX_BYTES)} limit of inline scans` };
  let ruleText: string | undefined;
  if (source) {
    const decoded = decodeRuleText(source);
    const label = input.engine === 'yara' ? 'Invalid Yara rule' : 'Invalid Sigma rule format';
    if ('problem' in decoded) return { kind: 'error', message: `${label}: ${decoded.problem}` };
    ruleText = decoded.text;
  }
  return input.engine === 'yara' ? scanYara(deps, data, ruleText) : scanSigma(deps, data, ruleText);
}

async function scanYara(deps: ServiceDeps, data: Buffer, ruleText: string | undefined): Promise<DataScanResult> {
  const { hunting } = deps;
  let rules: Rules;
  let warnings = '';
  if (ruleText === undefined) rules = await hunting.communityYara();
  else {
    const check = await hunting.yaraPool.compileRule(ruleText);
    const problem = yaraRuleProblem(check.errors);
    if (problem) return { kind: 'error', message: problem };
    warnings = check.warnings.map((w) => w.message).join('\n');
    rules = customRule(ruleText);
  }
  try {
    const outcome = await hunting.yaraPool.scanBuffer(rules, data, { timeoutMs: hunting.scanTimeoutMs });
    const matches = outcome.matches.map((m) => ({
      rule: m.rule,
      description: cell(m.meta['description']),
      author: cell(m.meta['author']),
      tags: m.tags,
      level: '',
    }));
    return { kind: 'matches', custom: ruleText !== undefined, matches, warnings, ...(ruleText === undefined ? {} : { customRule: ruleText }) };
  } catch (err) {
    if (err instanceof YaraError && err.code === 'timeout') return { kind: 'error', message: timeoutMessage(hunting.scanTimeoutMs) };
    if (err instanceof YaraError && (err.code === 'scan' || err.code === 'compile')) return { kind: 'error', message: `Scan failed: ${err.message}` };
    throw err;
  }
}

async function scanSigma(deps: ServiceDeps, data: Buffer, ruleText: string | undefined): Promise<DataScanResult> {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data);
  try {
    const outcome = await deps.hunting.sigma.scan(text, ruleText);
    if (outcome.kind === 'invalid-data') throw new AppError('BAD_REQUEST', 'Invalid test data format');
    if (outcome.kind === 'invalid-rule') return { kind: 'error', message: outcome.message };
    const matches = outcome.hits.map((h) => ({ rule: h.title, description: h.description, author: h.author, tags: h.tags, level: h.level }));
    return { kind: 'matches', custom: ruleText !== undefined, matches, warnings: '', ...(ruleText === undefined ? {} : { customRule: ruleText }) };
  } catch (err) {
    if (err instanceof SigmaScanTimeoutError) return { kind: 'error', message: timeoutMessage(deps.hunting.scanTimeoutMs) };
    throw err;
  }
}

const cell = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const timeoutMessage = (ms: number) => `Scan stopped: it ran longer than the ${ms / 1000} second limit of inline scans`;
