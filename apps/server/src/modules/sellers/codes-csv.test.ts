import { SellerMessage } from '@everdeal/contracts';
import { describe, expect, it } from 'vitest';
import { CodeRowReader, CsvError, CsvReader, type CsvRecord, codeProblem } from './codes-csv';

function readAll(text: string, chunkSize = text.length || 1): CsvRecord[] {
  const reader = new CsvReader();
  const records: CsvRecord[] = [];
  for (let i = 0; i < text.length; i += chunkSize) records.push(...reader.push(text.slice(i, i + chunkSize)));
  records.push(...reader.end());
  return records;
}

describe('CsvReader', () => {
  it('reads records with the line each starts on, whatever the line ends', () => {
    expect(readAll('a,b\r\nc\nd\re')).toEqual([
      { line: 1, fields: ['a', 'b'] },
      { line: 2, fields: ['c'] },
      { line: 3, fields: ['d'] },
      { line: 4, fields: ['e'] },
    ]);
  });

  it('gives the same records whichever way the text is cut into chunks', () => {
    const text = 'code,note\r\n"AB,CD","say ""hi"""\r\n\r\n"multi\r\nline",x\r\nLAST';
    const whole = readAll(text);
    for (const size of [1, 2, 3, 5, 7]) expect(readAll(text, size)).toEqual(whole);
    expect(whole).toEqual([
      { line: 1, fields: ['code', 'note'] },
      { line: 2, fields: ['AB,CD', 'say "hi"'] },
      { line: 3, fields: [''] },
      { line: 4, fields: ['multi\nline', 'x'] },
      { line: 6, fields: ['LAST'] },
    ]);
  });

  it('refuses a quoted field that is never closed, naming its line', () => {
    const reader = new CsvReader();
    reader.push('ok\n"open');
    expect(() => reader.end()).toThrow(CsvError);
  });
});

describe('CodeRowReader', () => {
  it('takes one code per row when there is no header, and refuses rows of several cells', () => {
    const rows = new CodeRowReader();
    expect(rows.read({ line: 1, fields: ['  ABCD-1234  '] })).toEqual({ kind: 'code', line: 1, code: 'ABCD-1234' });
    expect(rows.read({ line: 2, fields: [''] })).toEqual({ kind: 'blank' });
    expect(rows.read({ line: 3, fields: ['ABCD', 'EFGH'] })).toMatchObject({
      kind: 'invalid',
      reason: SellerMessage.codeTooManyColumns,
    });
    // A trailing empty cell (a spreadsheet's export) is still one code.
    expect(rows.read({ line: 4, fields: ['WXYZ-0000', ''] })).toEqual({ kind: 'code', line: 4, code: 'WXYZ-0000' });
  });

  it('reads the `code` column when the first row names it, in any case and position', () => {
    const rows = new CodeRowReader();
    expect(rows.read({ line: 1, fields: ['id', 'Code', 'note'] })).toBeNull();
    expect(rows.read({ line: 2, fields: ['1', 'KEY-0001', 'x'] })).toEqual({ kind: 'code', line: 2, code: 'KEY-0001' });
    expect(rows.read({ line: 3, fields: ['2', '', 'x'] })).toEqual({ kind: 'blank' });
    expect(rows.read({ line: 4, fields: ['3'] })).toEqual({ kind: 'blank' });
  });

  it('checks length and characters', () => {
    expect(codeProblem('abc')).toBe(SellerMessage.codeTooShort);
    expect(codeProblem('a'.repeat(129))).toBe(SellerMessage.codeTooLong);
    expect(codeProblem('has space')).toBe(SellerMessage.codeBadCharacters);
    expect(codeProblem('<script>')).toBe(SellerMessage.codeBadCharacters);
    expect(codeProblem('aGVsbG8=/x+y_z.1:2-3')).toBeNull();
  });
});
