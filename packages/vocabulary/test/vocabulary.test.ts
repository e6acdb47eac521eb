import { describe, expect, it } from 'vitest';
import { JOB_CATEGORIES, PARSE_CATEGORIES, SCAN_CATEGORIES, isParseCategory, jobKindOf } from '../src/index.js';

describe('vocabulary', () => {
  it('splits every category into exactly one kind', () => {
    expect([...PARSE_CATEGORIES, ...SCAN_CATEGORIES].sort()).toEqual([...JOB_CATEGORIES].sort());
    for (const c of PARSE_CATEGORIES) expect(jobKindOf(c)).toBe('parse');
    for (const c of SCAN_CATEGORIES) expect(jobKindOf(c)).toBe('scan');
  });

  it('recognises categories by exact spelling only', () => {
    expect(isParseCategory('winevtx')).toBe(true);
    expect(isParseCategory('WinEvtx')).toBe(false);
    expect(isParseCategory('Yara')).toBe(false);
    expect(isParseCategory(3)).toBe(false);
  });
});
