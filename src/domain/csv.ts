// RFC 4180 CSV text from rows of cells, safe to open in a spreadsheet: text cells that a
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
