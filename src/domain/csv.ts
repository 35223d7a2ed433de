// RFC 4180 CSV text from rows of cells (and back), safe to open in a spreadsheet: text cells that a
// spreadsheet would run as a formula are defused with a leading apostrophe.

/** One cell: text, a number, a boolean, or null/undefined for an empty cell. */
export type CsvCell = string | number | boolean | null | undefined;

/** Thrown for a cell that cannot be written faithfully (a non-finite number). */
export class CsvError extends Error {
  override readonly name = 'CsvError';
}

/**
 * First characters that make a spreadsheet (Excel, LibreOffice, Google Sheets) read a text cell
 * as a formula: `=`, `+`, `-`, `@` (OWASP "CSV injection"), and tab and carriage return, which
 * some of them strip before looking for one of those.
 */
export const FORMULA_TRIGGERS: readonly string[] = ['=', '+', '-', '@', '\t', '\r'];

const NEEDS_QUOTES = /[",\r\n]/u;

/**
 * One field as RFC 4180 text. Text starting with a formula trigger gets a leading `'` (the
 * spreadsheet shows the text, apostrophe hidden, instead of running it); the guard is for text
 * only — numbers and booleans are written plainly (`-1.5` stays a number: it cannot carry a
 * formula). Then a field containing a comma, a double quote, CR or LF is put in double quotes
 * with each `"` doubled. null and undefined are the empty field.
 * @throws CsvError for NaN or ±Infinity, which have no faithful CSV spelling.
 */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') {
    if (!Number.isFinite(cell)) throw new CsvError(`a CSV number must be finite, got ${String(cell)}`);
    return String(cell);
  }
  if (typeof cell === 'boolean') return cell ? 'true' : 'false';
  const guarded = FORMULA_TRIGGERS.some((trigger) => cell.startsWith(trigger)) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

export interface CsvOptions {
  /**
   * Start with a UTF-8 byte order mark (U+FEFF) so that Excel reads the file as UTF-8 (it
   * otherwise garbles 中文 and accented names). Default false: the text is exactly RFC 4180.
   */
  readonly bom?: boolean;
}

/**
 * CSV text (RFC 4180): fields by {@link csvField}, separated by `,`, every record — the last one
 * included — ended by CRLF. Rows may differ in length (the caller keeps them rectangular; the
 * header is just the first row). An empty list gives the empty string.
 * @throws CsvError for a non-finite number, naming its row and column.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[], options: CsvOptions = {}): string {
  let text = options.bom === true ? '\uFEFF' : '';
  rows.forEach((row, rowIndex) => {
    const fields = row.map((cell, column) => {
      if (typeof cell === 'number' && !Number.isFinite(cell)) {
        throw new CsvError(`row ${String(rowIndex)}, column ${String(column)}: a CSV number must be finite, got ${String(cell)}`);
      }
      return csvField(cell);
    });
    text += `${fields.join(',')}\r\n`;
  });
  return text;
}

/**
 * Text for a CSV that is read back (export → import round trip): the formula guard of
 * {@link csvField}, made reversible. Text starting with a formula trigger OR with `'` gets one
 * leading `'`, so {@link unguardCsvText} can always drop exactly one: `=SUM(A1)` → `'=SUM(A1)`,
 * `'quoted` → `''quoted`, `plain` → `plain`.
 */
export function guardCsvText(text: string): string {
  return text.startsWith("'") || FORMULA_TRIGGERS.some((trigger) => text.startsWith(trigger)) ? `'${text}` : text;
}

/** The text {@link guardCsvText} was given: one leading `'` dropped, if there is one. */
export function unguardCsvText(field: string): string {
  return field.startsWith("'") ? field.slice(1) : field;
}

/**
 * The records of RFC 4180 text, each a list of fields (quotes removed, `""` read as `"`). Reads
 * CRLF or LF record ends, a missing final one, and a leading UTF-8 BOM. An empty text has no
 * records; a blank line is a record of one empty field.
 * @throws CsvError for a quote left open or text after a closing quote, naming the record (1-based).
 */
export function parseCsv(text: string): string[][] {
  const source = text.startsWith('\uFEFF') ? text.slice(1) : text;
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  // True until a field has read any character (its opening quote included).
  let fieldStart = true;
  let i = 0;
  const endField = (): void => {
    record.push(field);
    field = '';
    fieldStart = true;
  };
  while (i < source.length) {
    const ch = source[i];
    if (ch === '"' && fieldStart) {
      fieldStart = false;
      i += 1;
      // A quoted field runs to the next lone quote; `""` inside is one quote.
      for (;;) {
        if (i >= source.length) throw new CsvError(`record ${String(records.length + 1)}: a quoted field is never closed`);
        if (source[i] === '"' && source[i + 1] === '"') {
          field += '"';
          i += 2;
        } else if (source[i] === '"') {
          i += 1;
          break;
        } else {
          field += source.charAt(i);
          i += 1;
        }
      }
      const next = source[i];
      if (next !== undefined && next !== ',' && next !== '\r' && next !== '\n') {
        throw new CsvError(`record ${String(records.length + 1)}: text after a closing quote`);
      }
    } else if (ch === ',') {
      endField();
      i += 1;
    } else if (ch === '\n' || (ch === '\r' && source[i + 1] === '\n')) {
      endField();
      records.push(record);
      record = [];
      i += ch === '\r' ? 2 : 1;
    } else {
      field += source.charAt(i);
      fieldStart = false;
      i += 1;
    }
  }
  // The last record, when the text does not end with a record end.
  if (!fieldStart || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}
