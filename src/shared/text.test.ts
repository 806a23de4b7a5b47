import { describe, expect, it } from 'vitest';
import { formatLineTotal, formatUsd, lineTotal, preview } from './text';

describe('preview', () => {
  it('cuts long text at max characters and adds the suffix', () => {
    expect(preview('abcdefghij', 4, ' ...')).toBe('abcd ...');
  });

  it('leaves short text untouched, without a suffix', () => {
    expect(preview('short', 10, '..')).toBe('short');
  });

  it('leaves text of exactly max characters untouched', () => {
    expect(preview('exact', 5, '..')).toBe('exact');
  });

  it('leaves empty text untouched', () => {
    expect(preview('', 3, '..')).toBe('');
  });

  it('counts characters, not UTF-16 code units', () => {
    // Each emoji is two UTF-16 units; a unit-based cut would split one in half.
    expect(preview('🔧🔨🪛', 3, '..')).toBe('🔧🔨🪛');
    expect(preview('🔧🔨🪛⚙', 2, '..')).toBe('🔧🔨..');
  });

  it('cuts a tool description at 100 characters with " ..."', () => {
    const description = 'x'.repeat(120);
    expect(preview(description, 100, ' ...')).toBe(`${'x'.repeat(100)} ...`);
  });
});

describe('formatUsd', () => {
  it('formats with a dollar sign, thousands separator and two decimals', () => {
    expect(formatUsd(1234.5)).toBe('$1,234.50');
  });

  it('formats zero', () => {
    expect(formatUsd(0)).toBe('$0.00');
  });

  it('rounds to cents', () => {
    expect(formatUsd(129.99)).toBe('$129.99');
  });
});

describe('lineTotal and formatLineTotal', () => {
  it('multiply in cents, so no floating-point crumbs show', () => {
    expect(39.99 * 11).not.toBe(439.89);
    expect(lineTotal(39.99, 11)).toBe(439.89);
    expect(lineTotal(0.1, 3)).toBe(0.3);
  });

  it('word the running total beside the stepper', () => {
    expect(formatLineTotal(11, 39.99)).toBe('11 × $39.99 = $439.89');
    expect(formatLineTotal(1200, 1049.5)).toBe('1200 × $1,049.50 = $1,259,400.00');
  });
});
