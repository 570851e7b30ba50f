import { CODE_MAX_LENGTH, CODE_MIN_LENGTH, CODE_PATTERN, SellerMessage } from '@everdeal/contracts';

// The license-code CSV, read as a stream (decision 014): text arrives in chunks of any size, and
// complete records come out with the line they started on, so a file of any length is read in
// constant memory. RFC 4180 quoting (a quoted field may hold commas, doubled quotes and line
// breaks); CRLF, LF or CR line ends; the decoder in front strips a UTF-8 byte-order mark.

export type CsvRecord = { line: number; fields: string[] };

/** A streaming RFC 4180 reader: `push` text, get the records it completed; `end` for the last one. */
export class CsvReader {
  private field = '';
  private fields: string[] = [];
  private inQuotes = false;
  /** A quote inside a quoted field: either the closing one or the first of a doubled pair. */
  private quotePending = false;
  /** The previous chunk ended in CR: an LF opening this one belongs to the same line end. */
  private afterCr = false;
  private line = 1;
  private recordLine = 1;
  private fieldStarted = false;

  push(text: string): CsvRecord[] {
    const records: CsvRecord[] = [];
    for (let i = 0; i < text.length; i++) {
      const char = text[i] as string;
      if (this.afterCr) {
        this.afterCr = false;
        if (char === '\n') continue;
      }
      if (this.inQuotes) {
        if (this.quotePending) {
          this.quotePending = false;
          if (char === '"') {
            this.field += '"';
            continue;
          }
          this.inQuotes = false;
          // Falls through: the character after a closing quote is read as outside quotes.
        } else if (char === '"') {
          this.quotePending = true;
          continue;
        } else {
          if (char === '\n' || char === '\r') this.line += 1;
          if (char === '\r') this.afterCr = true;
          this.field += char === '\r' ? '\n' : char;
          continue;
        }
      }
      if (char === '"' && !this.fieldStarted) {
        this.inQuotes = true;
        this.fieldStarted = true;
      } else if (char === ',') {
        this.fields.push(this.field);
        this.field = '';
        this.fieldStarted = false;
      } else if (char === '\n' || char === '\r') {
        if (char === '\r') this.afterCr = true;
        records.push(this.finishRecord());
        this.line += 1;
        this.recordLine = this.line;
      } else {
        this.field += char;
        this.fieldStarted = true;
      }
    }
    return records;
  }

  /** The last record (a file need not end with a line break); throws on an unclosed quote. */
  end(): CsvRecord[] {
    if (this.inQuotes && !this.quotePending) {
      throw new CsvError(this.recordLine, SellerMessage.codeUnclosedQuote);
    }
    if (this.fields.length === 0 && this.field === '' && !this.fieldStarted) return [];
    return [this.finishRecord()];
  }

  private finishRecord(): CsvRecord {
    this.fields.push(this.field);
    const record = { line: this.recordLine, fields: this.fields };
    this.fields = [];
    this.field = '';
    this.fieldStarted = false;
    this.inQuotes = false;
    this.quotePending = false;
    return record;
  }
}

export class CsvError extends Error {
  constructor(
    readonly line: number,
    readonly reason: string,
  ) {
    super(`line ${line}: ${reason}`);
  }
}

/** Why a code is refused, or null when it is a valid code. */
export function codeProblem(code: string): string | null {
  if (code.length < CODE_MIN_LENGTH) return SellerMessage.codeTooShort;
  if (code.length > CODE_MAX_LENGTH) return SellerMessage.codeTooLong;
  if (!CODE_PATTERN.test(code)) return SellerMessage.codeBadCharacters;
  return null;
}

export type CodeRow =
  | { kind: 'code'; line: number; code: string }
  | { kind: 'invalid'; line: number; reason: string; value: string }
  | { kind: 'blank' };

/**
 * Turns records into codes. The first record that is not blank decides the layout: when one of
 * its fields is `code` (any case) it is a header and codes come from that column; otherwise every
 * record is one code. Blank records (and blank cells of the code column) are ignored.
 */
export class CodeRowReader {
  private column: number | null | undefined;

  read(record: CsvRecord): CodeRow | null {
    const cells = record.fields.map((field) => field.trim());
    if (cells.every((cell) => cell === '')) return { kind: 'blank' };
    if (this.column === undefined) {
      const header = cells.findIndex((cell) => cell.toLowerCase() === 'code');
      if (header >= 0) {
        this.column = header;
        return null;
      }
      this.column = null;
    }
    if (this.column === null) {
      const filled = cells.filter((cell) => cell !== '');
      if (filled.length > 1) {
        return { kind: 'invalid', line: record.line, reason: SellerMessage.codeTooManyColumns, value: cells.join(',') };
      }
      return this.codeOf(record.line, filled[0] ?? '');
    }
    const cell = cells[this.column] ?? '';
    if (cell === '') return { kind: 'blank' };
    return this.codeOf(record.line, cell);
  }

  private codeOf(line: number, code: string): CodeRow {
    const problem = codeProblem(code);
    return problem ? { kind: 'invalid', line, reason: problem, value: code } : { kind: 'code', line, code };
  }
}
