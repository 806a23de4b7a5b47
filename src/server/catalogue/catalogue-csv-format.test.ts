import { describe, expect, it } from 'vitest';
import { csvCell } from '../lib/csv';
import { catalogueCells, exportedText, formatCategoryPath, formatSpecs, literalCell, parseCategoryPath, parseNumberCell, parseSpecs, parseTaxClass } from './catalogue-csv-format';

/** The catalogue CSV's own notations, read back as written (catalogue-csv-format.ts). */

/** What csv-parse gives back for a cell csvCell wrote without quotes (the tests' values have no comma, quote or line break). */
const throughExport = (text: string) => csvCell(exportedText(text));

describe('formula cells', () => {
  it.each(['=SUM(A1:A9)', '+1 555 0100', '@Tool', '\tTabbed', '\rReturn', '-Minus', '-=1'])('refuses %j as it stands', (cell) => {
    expect(literalCell(cell)).toEqual({ formula: true });
  });

  it.each(['-5', '- stainless steel', '-', 'Plain', "It's fine", '5 = 5'])('takes %j as a value', (cell) => {
    expect(literalCell(cell)).toEqual({ text: cell });
  });

  it.each(['=SUM(A1:A9)', '+1 555 0100', '@Tool', '-5', '- dash', '-Minus', "'=quoted already", "''@twice", "'plain", 'plain'])(
    'gives back %j after the export neutralised it',
    (text) => {
      const cell = throughExport(text);
      expect(literalCell(cell)).toEqual({ text });
    },
  );
});

describe('specifications', () => {
  const specs = [
    { name: 'Torque', value: '180', unit: 'Nm' },
    { name: 'Ratio: input', value: '1:2 [gear]; or so\\', unit: 'x;y' },
    { name: 'Material', value: 'Steel' },
  ];

  it('reads what it writes, escapes and all', () => {
    const cell = formatSpecs(specs);
    expect(cell).toBe('Torque: 180 [Nm]; Ratio\\: input: 1:2 \\[gear\\]\\; or so\\\\ [x\\;y]; Material: Steel');
    expect(parseSpecs(cell)).toEqual({ specs });
  });

  it('reads a hand-written list loosely spaced, and an empty cell as none', () => {
    expect(parseSpecs(' Weight :1.2[kg] ;Colour: red ; ')).toEqual({
      specs: [
        { name: 'Weight', value: '1.2', unit: 'kg' },
        { name: 'Colour', value: 'red' },
      ],
    });
    expect(parseSpecs('')).toEqual({ specs: [] });
    expect(formatSpecs([])).toBe('');
  });

  it.each([
    ['Torque 180', /Specification 1 must be written as Name: value/],
    ['A: 1; Torque 180 Nm', /Specification 2 must be written/],
    ['Torque: 180 [Nm] extra', /Specification 1: the unit in \[ \] comes last/],
    ['Torque: 180 [Nm', /Specification 1: the unit/],
    ['Torque: 180 Nm]', /Specification 1: the unit/],
    ['Torque: 180\\', /lone backslash/],
  ])('says how %j is wrong', (cell, problem) => {
    const parsed = parseSpecs(cell);
    expect('problem' in parsed && parsed.problem).toMatch(problem);
  });
});

describe('category paths', () => {
  it('reads "Top" and "Top > Sub" (or ›), names with > escaped', () => {
    expect(parseCategoryPath('Hand tools')).toEqual({ names: ['Hand tools'] });
    expect(parseCategoryPath(' Hand tools >  Wrenches ')).toEqual({ names: ['Hand tools', 'Wrenches'] });
    expect(parseCategoryPath('Hand tools › Wrenches')).toEqual({ names: ['Hand tools', 'Wrenches'] });
    const odd = ['A > B', 'C\\D'];
    expect(parseCategoryPath(formatCategoryPath(odd))).toEqual({ names: odd });
    expect(parseCategoryPath('A > B > C')).toEqual({ names: ['A', 'B', 'C'] });
    expect(parseCategoryPath('A > ')).toHaveProperty('problem');
  });
});

describe('tax classes', () => {
  it('writes the class as stored, last of the cells, and reads it back in any case and spacing', () => {
    const tool = { sku: 'T-1', name: 'Tool', priceCents: 1999, minQty: 1, availableQty: 5, description: 'd', image: '/i.webp', specs: [], taxClass: 'reduced' as const };
    const cells = catalogueCells(tool, ['Top']);
    expect(Object.keys(cells).slice(-2)).toEqual(['specifications', 'taxClass']);
    expect(cells.taxClass).toBe('reduced');
    expect(parseTaxClass(cells.taxClass)).toEqual({ taxClass: 'reduced' });
    expect(parseTaxClass(' Exempt ')).toEqual({ taxClass: 'exempt' });
    expect(parseTaxClass('STANDARD')).toEqual({ taxClass: 'standard' });
  });

  it('reads an empty cell as no class, and anything else as not a class', () => {
    expect(parseTaxClass('')).toEqual({ taxClass: undefined });
    expect(parseTaxClass('   ')).toEqual({ taxClass: undefined });
    for (const cell of ['zero', 'reduced rate', 'std', 'exempt;', 'standard reduced']) expect(parseTaxClass(cell)).toBeNull();
  });
});

describe('numbers', () => {
  it('reads plain decimals, and decimal commas in files saved with semicolons', () => {
    expect(parseNumberCell('12.50', false)).toBe(12.5);
    expect(parseNumberCell('-3', false)).toBe(-3);
    expect(parseNumberCell('12,50', false)).toBeNull();
    expect(parseNumberCell('12,50', true)).toBe(12.5);
    expect(parseNumberCell('1,234.50', true)).toBeNull();
    expect(parseNumberCell('twelve', false)).toBeNull();
    expect(parseNumberCell('1e3', false)).toBeNull();
  });
});
