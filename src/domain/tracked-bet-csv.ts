// Tracked bets as CSV and back, exactly: one record per leg (a parlay's bet fields repeated on
// each of its legs), numbers in JavaScript's shortest round-trip spelling, text through the
// reversible formula guard (csv.ts guardCsvText), times as ISO 8601 with milliseconds.
// Format 2 stores every book's close of a leg (bookClosePrices) beside the consensus close; a CSV of
// format 1 (referenceClosePrice: the consensus, no book closes) still reads, its book closes "not
// stored". The header tells the formats apart, so stored lists and old exports migrate on reading.
import { CsvError, guardCsvText, parseCsv, toCsv, unguardCsvText, type CsvCell } from './csv.ts';
import { GRADES, type Grade } from './grade.ts';
import { checkTrackedBet, TrackedBetError, type BookClose, type LegClose, type TrackedBet, type TrackedLeg } from './tracked-bet.ts';

export const TRACKED_BET_CSV_COLUMNS = [
  'betId',
  'placedAt',
  'stake',
  'currency',
  'note',
  'oddsId',
  'bookmaker',
  'price',
  'sport',
  'label',
  'close',
  'closePrice',
  'fairClosePrice',
  'consensusClosePrice',
  'bookClosePrices',
  'noCloseReason',
  'grade',
] as const;

/** Format 1's columns: the consensus close was `referenceClosePrice`, and no book's close but the bet's own was kept. */
export const TRACKED_BET_CSV_COLUMNS_V1 = [
  ...TRACKED_BET_CSV_COLUMNS.slice(0, TRACKED_BET_CSV_COLUMNS.indexOf('consensusClosePrice')),
  'referenceClosePrice',
  'noCloseReason',
  'grade',
] as const;

type Column = (typeof TRACKED_BET_CSV_COLUMNS)[number];

/** A CSV that cannot be imported: `row` is the record's number in the file (the header is 1). */
export class TrackedBetCsvError extends Error {
  override readonly name = 'TrackedBetCsvError';
  constructor(
    readonly row: number,
    readonly field: string,
    message: string,
  ) {
    super(`Row ${String(row)}, ${field}: ${message}`);
  }
}

function legCells(bet: TrackedBet, leg: TrackedLeg): CsvCell[] {
  const close = leg.close;
  return [
    guardCsvText(bet.id),
    new Date(bet.placedAt).toISOString(),
    bet.stake,
    guardCsvText(bet.currency),
    guardCsvText(bet.note),
    guardCsvText(leg.oddsId),
    guardCsvText(leg.bookmaker),
    leg.price,
    guardCsvText(leg.sport),
    guardCsvText(leg.label),
    close.kind,
    close.kind === 'closed' ? close.price : null,
    close.kind === 'closed' ? close.fairPrice : null,
    close.kind === 'closed' ? close.consensusPrice : null,
    close.kind === 'closed' && close.bookCloses !== null ? JSON.stringify(close.bookCloses.map((b) => [b.bookmaker, b.price, b.fairPrice])) : null,
    close.kind === 'none' ? guardCsvText(close.reason) : null,
    leg.grade,
  ];
}

/** The bets as CSV (RFC 4180, CRLF, a UTF-8 BOM so spreadsheets read non-Latin text). */
export function trackedBetsToCsv(bets: readonly TrackedBet[]): string {
  return toCsv([[...TRACKED_BET_CSV_COLUMNS], ...bets.flatMap((bet) => bet.legs.map((leg) => legCells(bet, leg)))], { bom: true });
}

type Row = Readonly<Record<Column, string>>;

function numberField(row: Row, column: Column, rowNumber: number): number {
  const text = row[column].trim();
  const value = text === '' ? Number.NaN : Number(text);
  if (!Number.isFinite(value)) throw new TrackedBetCsvError(rowNumber, column, `"${row[column]}" is not a number.`);
  return value;
}

function optionalNumber(row: Row, column: Column, rowNumber: number): number | null {
  return row[column].trim() === '' ? null : numberField(row, column, rowNumber);
}

function isBookClose(value: unknown): value is [string, number, number | null] {
  return (
    Array.isArray(value) &&
    value.length === 3 &&
    typeof value[0] === 'string' &&
    typeof value[1] === 'number' &&
    (value[2] === null || typeof value[2] === 'number')
  );
}

/** `[["pinnacle",2.04,2.08],…]` (bookmaker, close, fair close or null); empty: not stored. */
function bookClosesOf(row: Row, rowNumber: number): BookClose[] | null {
  const text = row.bookClosePrices.trim();
  if (text === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!Array.isArray(parsed) || !parsed.every(isBookClose)) {
    throw new TrackedBetCsvError(rowNumber, 'bookClosePrices', `"${row.bookClosePrices}" is not a list of [bookmaker, close, fair close].`);
  }
  return parsed.map(([bookmaker, price, fairPrice]) => ({ bookmaker, price, fairPrice }));
}

function closeOf(row: Row, rowNumber: number): LegClose {
  switch (row.close) {
    case 'open':
      return { kind: 'open' };
    case 'closed':
      return {
        kind: 'closed',
        price: numberField(row, 'closePrice', rowNumber),
        fairPrice: optionalNumber(row, 'fairClosePrice', rowNumber),
        consensusPrice: optionalNumber(row, 'consensusClosePrice', rowNumber),
        bookCloses: bookClosesOf(row, rowNumber),
      };
    case 'none':
      return { kind: 'none', reason: unguardCsvText(row.noCloseReason) };
    default:
      throw new TrackedBetCsvError(rowNumber, 'close', `"${row.close}" is not one of open, closed, none.`);
  }
}

function gradeOf(row: Row, rowNumber: number): Grade | null {
  if (row.grade === '') return null;
  const grade = GRADES.find((g) => g === row.grade);
  if (grade === undefined) throw new TrackedBetCsvError(rowNumber, 'grade', `"${row.grade}" is not one of ${GRADES.join(', ')}.`);
  return grade;
}

function placedAtOf(row: Row, rowNumber: number): number {
  const ms = Date.parse(row.placedAt);
  if (!Number.isFinite(ms)) throw new TrackedBetCsvError(rowNumber, 'placedAt', `"${row.placedAt}" is not an ISO 8601 time.`);
  return ms;
}

/**
 * The bets of a CSV written by {@link trackedBetsToCsv} (columns in any order, extra columns
 * ignored), in the order they appear. All or nothing: the first bad row throws.
 * @throws TrackedBetCsvError naming the row and field: a missing column, a broken record, a bad
 * number or time, a price ≤ 1, a stake ≤ 0, an unknown grade or close.
 */
export function trackedBetsFromCsv(text: string): TrackedBet[] {
  let records: string[][];
  try {
    records = parseCsv(text);
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const row = /record (\d+)/u.exec(error.message)?.[1];
    throw new TrackedBetCsvError(row === undefined ? 0 : Number(row), 'CSV', error.message.replace(/^record \d+: /u, ''));
  }
  const [header, ...body] = records;
  if (header === undefined) throw new TrackedBetCsvError(1, 'header', 'the file is empty.');
  const index = new Map(header.map((name, i) => [name.trim(), i]));
  // Format 1 (no consensusClosePrice): its referenceClosePrice was the consensus, and no book closes were kept.
  const version1 = !index.has('consensusClosePrice') && index.has('referenceClosePrice');
  for (const column of version1 ? TRACKED_BET_CSV_COLUMNS_V1 : TRACKED_BET_CSV_COLUMNS) {
    if (!index.has(column)) throw new TrackedBetCsvError(1, column, 'this column is missing from the header.');
  }
  const cell = (fields: readonly string[], column: Column): string => {
    const at = index.get(version1 && column === 'consensusClosePrice' ? 'referenceClosePrice' : column);
    return at === undefined ? '' : (fields[at] ?? '');
  };
  const bets = new Map<string, { bet: Omit<TrackedBet, 'legs'>; legs: TrackedLeg[]; row: number }>();
  body.forEach((fields, i) => {
    const rowNumber = i + 2;
    // A blank line (e.g. an editor's trailing newline) is no row.
    if (fields.length === 1 && fields[0] === '') return;
    if (fields.length !== header.length) {
      throw new TrackedBetCsvError(rowNumber, 'CSV', `${String(fields.length)} fields where the header has ${String(header.length)}.`);
    }
    const row = Object.fromEntries(TRACKED_BET_CSV_COLUMNS.map((column) => [column, cell(fields, column)])) as Row;
    const id = unguardCsvText(row.betId);
    if (id === '') throw new TrackedBetCsvError(rowNumber, 'betId', 'is empty.');
    const leg: TrackedLeg = {
      oddsId: unguardCsvText(row.oddsId),
      bookmaker: unguardCsvText(row.bookmaker),
      price: numberField(row, 'price', rowNumber),
      sport: unguardCsvText(row.sport),
      label: unguardCsvText(row.label),
      close: closeOf(row, rowNumber),
      grade: gradeOf(row, rowNumber),
    };
    const known = bets.get(id);
    const entry = known ?? {
      bet: { id, placedAt: placedAtOf(row, rowNumber), stake: numberField(row, 'stake', rowNumber), currency: unguardCsvText(row.currency), note: unguardCsvText(row.note) },
      legs: [],
      row: rowNumber,
    };
    entry.legs.push(leg);
    try {
      checkTrackedBet({ ...entry.bet, legs: [leg] });
    } catch (error) {
      if (error instanceof TrackedBetError) throw new TrackedBetCsvError(rowNumber, error.field, error.message);
      throw error;
    }
    if (known === undefined) bets.set(id, entry);
  });
  return [...bets.values()].map(({ bet, legs }) => ({ ...bet, legs }));
}
