import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CsvError, FORMULA_TRIGGERS, csvField, guardCsvText, parseCsv, toCsv, unguardCsvText } from './csv.ts';

/**
 * A small strict RFC 4180 reader for the round trip: records end with CRLF; a quoted field
 * doubles its quotes; a bare CR or LF outside quotes, or a quote inside an unquoted field, fails.
 */
function readStrictCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = '';
    if (text[i] === '"') {
      i += 1;
      for (;;) {
        if (i >= text.length) throw new Error('unterminated quoted field');
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
          } else {
            i += 1;
            break;
          }
        } else {
          field += text.charAt(i);
          i += 1;
        }
      }
    } else {
      while (i < text.length && text[i] !== ',' && text[i] !== '\r') {
        if (text[i] === '"' || text[i] === '\n') throw new Error(`bare ${JSON.stringify(text[i])} at ${String(i)}`);
        field += text.charAt(i);
        i += 1;
      }
    }
    record.push(field);
    if (text[i] === ',') {
      i += 1;
    } else if (text.startsWith('\r\n', i)) {
      records.push(record);
      record = [];
      i += 2;
    } else {
      throw new Error(`expected , or CRLF at ${String(i)}`);
    }
  }
  if (record.length > 0) throw new Error('last record not ended by CRLF');
  return records;
}

describe('csvField', () => {
  it('writes plain text, numbers and booleans as they are', () => {
    expect(csvField('Match Result')).toBe('Match Result');
    expect(csvField(-1.5)).toBe('-1.5');
    expect(csvField(101)).toBe('101');
    expect(csvField(true)).toBe('true');
    expect(csvField(false)).toBe('false');
  });

  it('writes null and undefined as an empty field', () => {
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
  });

  it('quotes a field with a comma, quote, CR or LF and doubles its quotes', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('cr\rhere')).toBe('"cr\rhere"');
  });

  it('defuses text a spreadsheet would run as a formula with a leading apostrophe', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+1')).toBe("'+1");
    expect(csvField('-1.5')).toBe("'-1.5");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('\t=1')).toBe("'\t=1");
  });

  it('leaves a trigger that is not the first character alone', () => {
    expect(csvField('a=b')).toBe('a=b');
  });

  it('rejects a number with no CSV spelling', () => {
    expect(() => csvField(Number.NaN)).toThrow(CsvError);
    expect(() => csvField(Number.NEGATIVE_INFINITY)).toThrow(/finite/);
  });
});

describe('toCsv', () => {
  it('ends every record, the last included, with CRLF', () => {
    expect(toCsv([['marketId', 'name'], [101, 'Match Result']])).toBe('marketId,name\r\n101,Match Result\r\n');
  });

  it('gives the empty string for no rows', () => {
    expect(toCsv([])).toBe('');
  });

  it('starts with a byte order mark when asked', () => {
    expect(toCsv([['中文']], { bom: true })).toBe('\uFEFF中文\r\n');
  });

  it('names the row and column of a non-finite number', () => {
    expect(() => toCsv([['a'], [1, Number.POSITIVE_INFINITY]])).toThrow(/row 1, column 1/);
  });

  const text = fc.string({ unit: fc.constantFrom('a', 'Z', '1', ' ', ',', '"', '\r', '\n', '=', '+', '-', '@', '\t', "'", 'é', '中', '😀') });
  const rows = fc.array(fc.array(text, { minLength: 1, maxLength: 6 }), { maxLength: 8 });
  const undoGuard = (cell: string): string => (FORMULA_TRIGGERS.some((t) => cell.startsWith(t)) ? `'${cell}` : cell);

  it('round-trips any text through a strict RFC 4180 reader, with the guard as the only change', () => {
    fc.assert(
      fc.property(rows, (table) => {
        expect(readStrictCsv(toCsv(table))).toEqual(table.map((row) => row.map(undoGuard)));
      }),
    );
  });

  it('never lets a parsed text cell start with a formula trigger', () => {
    fc.assert(
      fc.property(rows, (table) => {
        for (const row of readStrictCsv(toCsv(table))) for (const cell of row) expect(FORMULA_TRIGGERS.some((t) => cell.startsWith(t))).toBe(false);
      }),
    );
  });

  it('writes finite numbers so that they read back as the same number', () => {
    const cells = fc.array(fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer()), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(cells, (row) => {
        const [parsed = []] = readStrictCsv(toCsv([row]));
        expect(parsed.map(Number)).toEqual(row.map((n) => (Object.is(n, -0) ? 0 : n)));
      }),
    );
  });
});

describe('parseCsv and the reversible guard', () => {
  it('reads quoted fields with commas, doubled quotes and line breaks', () => {
    expect(parseCsv('a,"b,c","say ""hi""","two\r\nlines"\r\n,x\r\n')).toEqual([
      ['a', 'b,c', 'say "hi"', 'two\r\nlines'],
      ['', 'x'],
    ]);
  });

  it('reads LF record ends, a missing last one, a BOM and an empty quoted field', () => {
    expect(parseCsv('\uFEFFa,""\nb,c')).toEqual([
      ['a', ''],
      ['b', 'c'],
    ]);
  });

  it('has no records for empty text', () => {
    expect(parseCsv('')).toEqual([]);
  });

  it('names the record of a quote left open or text after a closing quote', () => {
    expect(() => parseCsv('a\r\n"b')).toThrow('record 2: a quoted field is never closed');
    expect(() => parseCsv('"a"b')).toThrow('record 1: text after a closing quote');
  });

  it('guards formula text and a leading apostrophe, and gives back exactly what it was given', () => {
    expect(guardCsvText('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(guardCsvText("'quoted")).toBe("''quoted");
    expect(guardCsvText('plain')).toBe('plain');
    for (const text of ['=1+1', '+1', '-1', '@x', '\tx', "'", "''=x", 'plain', '']) {
      expect(unguardCsvText(guardCsvText(text))).toBe(text);
    }
  });

  it('round-trips any text through toCsv and parseCsv', () => {
    fc.assert(
      fc.property(fc.array(fc.array(fc.string({ unit: 'grapheme' }), { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }), (rows) => {
        const guarded = rows.map((row) => row.map(guardCsvText));
        const back = parseCsv(toCsv(guarded)).map((row) => row.map(unguardCsvText));
        expect(back).toEqual(rows);
      }),
    );
  });
});
