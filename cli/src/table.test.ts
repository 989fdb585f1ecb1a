import { describe, expect, test } from 'vitest';
import { formatNumber, renderTable } from './table.js';

describe('formatNumber', () => {
  test('should keep integers, round large values and use exponents for small ones', () => {
    expect(formatNumber(10000)).toBe('10000');
    expect(formatNumber(1880.3)).toBe('1880');
    expect(formatNumber(12.345)).toBe('12.3');
    expect(formatNumber(0.5)).toBe('0.5');
    expect(formatNumber(1.27e-6)).toBe('1.27e-6');
    expect(formatNumber(NaN)).toBe('NaN');
  });
});

describe('renderTable', () => {
  test('should right-align numeric columns under a ruled header', () => {
    expect(renderTable(['name', 'n'], [['a', 1], ['bb', 100]]).split('\n')).toEqual(['name    n', '----  ---', 'a       1', 'bb    100']);
  });
});
