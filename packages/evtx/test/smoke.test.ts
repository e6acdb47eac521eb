import { test, expect } from 'vitest';
test('smoke', () => { expect(1 + 1).toBe(2); });
