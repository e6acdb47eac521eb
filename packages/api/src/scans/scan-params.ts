import { SCAN_ENGINES, type ScanCategory, type ScanEngine } from '@quarry/vocabulary';
import { z } from 'zod';

export const scanEngine = z.enum(SCAN_ENGINES, { error: `engine must be ${SCAN_ENGINES.join(' or ')}` });
/** A file scan's job category: the contract's spelling of each engine. */
export const SCAN_CATEGORY: Record<ScanEngine, ScanCategory> = { yara: 'Yara', sigma: 'sigma' };

/** The two ways to scan (the spec's `operation`). */
export const SCAN_OPERATIONS = ['run_rule', 'run_community_rules'] as const;
export type ScanOperation = (typeof SCAN_OPERATIONS)[number];

export const scanOperation = z.enum(SCAN_OPERATIONS, { error: 'operation must be run_rule or run_community_rules' });
/**
 * The caller's rule, base64. Whether it is there is the service's check: a missing rule has its
 * own answer per endpoint (400 for jobs, 422 inline), after the checks the contract puts first.
 */
export const rule = z.string({ error: 'Rule is required' }).optional();

/** A caller's rule, base64 of UTF-8 text, at most this long once decoded. */
export const MAX_RULE_BYTES = 1024 * 1024;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Strict base64 (white space ignored): the bytes, or undefined for anything else (and for empty input). */
export function decodeBase64(text: string): Buffer | undefined {
  const compact = text.replace(/\s+/g, '');
  if (compact.length === 0 || compact.length % 4 !== 0 || !BASE64.test(compact)) return undefined;
  return Buffer.from(compact, 'base64');
}

/** A rule's text, or why it cannot be one. */
export function decodeRuleText(value: string): { text: string } | { problem: string } {
  const bytes = decodeBase64(value);
  if (!bytes) return { problem: 'the rule is not base64' };
  if (bytes.length > MAX_RULE_BYTES) return { problem: 'the rule is larger than 1 MB' };
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (text.includes('\uFFFD')) return { problem: 'the rule is not UTF-8 text' };
  if (text.trim() === '') return { problem: 'the rule is empty' };
  return { text };
}
