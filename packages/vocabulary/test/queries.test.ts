import { describe, expect, it } from 'vitest';
import {
  FILTER_OPERATORS,
  LOOKUP_COLUMNS,
  LOOKUP_MODULES,
  PAGE_BOUNDS,
  SCAN_ENGINES,
  SHOW_BOUNDS,
  boundsMessage,
  isLookupModule,
  isWithin,
} from '../src/index.js';

// Expected values are the REST contract's (shared/spec/analysis-service-api.md), spelled out here.
describe('query vocabulary', () => {
  it("spells the spec's filter operators, scan engines and lookup modules", () => {
    expect([...FILTER_OPERATORS]).toEqual(['equals', 'not_equals', 'contains', 'does_not_contain', 'starts_with', 'ends_with']);
    expect([...SCAN_ENGINES]).toEqual(['yara', 'sigma']);
    expect([...LOOKUP_MODULES]).toEqual(['file_name', 'event_id']);
    expect(Object.keys(LOOKUP_COLUMNS)).toEqual([...LOOKUP_MODULES]);
    expect([...LOOKUP_COLUMNS.event_id]).toEqual(['Event ID', 'OS Version', 'Version', 'Provider', 'Description Short', 'Data Fields']);
    expect(isLookupModule('event_id')).toBe(true);
    expect(isLookupModule('Event_ID')).toBe(false);
  });

  it('bounds page and show as the contract does, with its messages', () => {
    expect(boundsMessage('page', PAGE_BOUNDS)).toBe('page must be an integer from 1 to 10');
    expect(boundsMessage('show', SHOW_BOUNDS)).toBe('show must be an integer from 1 to 100');
    expect([PAGE_BOUNDS.default, SHOW_BOUNDS.default]).toEqual([1, 10]);
    expect([0, 1, 10, 11, 1.5].map((n) => isWithin(n, PAGE_BOUNDS))).toEqual([false, true, true, false, false]);
  });
});
