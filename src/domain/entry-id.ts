// The per-channel stream cursor `<ts_ms>-<seq>` (a Redis Streams-style entryId): parsing,
// formatting, numeric ordering and generation of the next id.

/** A decoded entryId: epoch milliseconds and a sequence number within that millisecond. */
export interface EntryId {
  readonly ms: number;
  readonly seq: number;
}

/** An entryId is malformed, or a part is not a non-negative safe integer. */
export class EntryIdError extends Error {
  override readonly name = 'EntryIdError';
}

const CHAR_0 = 48;
const CHAR_9 = 57;
const MAX_DIGITS = String(Number.MAX_SAFE_INTEGER).length;
const EXPECTED = `expected "<ms>-<seq>", two non-negative integers of at most ${String(Number.MAX_SAFE_INTEGER)} in plain decimal without leading zeros`;

/** The value of a canonical decimal integer ("0" or digits not starting with 0, safe), or −1. */
function canonicalInt(s: string): number {
  if (s.length === 0 || s.length > MAX_DIGITS) return -1;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < CHAR_0 || c > CHAR_9) return -1;
  }
  if (s.length > 1 && s.charCodeAt(0) === CHAR_0) return -1;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : -1;
}

function isPart(n: number): boolean {
  return Number.isSafeInteger(n) && n >= 0;
}

function checkEntryId(id: EntryId): EntryId {
  if (!isPart(id.ms) || !isPart(id.seq)) {
    throw new EntryIdError(`entryId {ms: ${String(id.ms)}, seq: ${String(id.seq)}} is invalid: ${EXPECTED}`);
  }
  return id;
}

/**
 * Parses `<ms>-<seq>`. Both parts are required, decimal digits only (no sign, no spaces), and
 * canonical (no leading zeros, so that every cursor has one spelling and format∘parse is the
 * identity); each at most 2^53 − 1.
 * @throws EntryIdError with the offending text.
 */
export function parseEntryId(entryId: string): EntryId {
  const dash = entryId.indexOf('-');
  const ms = dash < 0 ? -1 : canonicalInt(entryId.slice(0, dash));
  const seq = dash < 0 ? -1 : canonicalInt(entryId.slice(dash + 1));
  if (ms < 0 || seq < 0) {
    const shown = entryId.length > 60 ? `${entryId.slice(0, 59)}…` : entryId;
    throw new EntryIdError(`entryId ${JSON.stringify(shown)} is invalid: ${EXPECTED}`);
  }
  return { ms, seq };
}

/**
 * Formats an entryId as `<ms>-<seq>`.
 * @throws EntryIdError unless both are non-negative safe integers.
 */
export function formatEntryId(ms: number, seq: number): string {
  checkEntryId({ ms, seq });
  return `${String(ms)}-${String(seq)}`;
}

function toEntryId(id: string | EntryId): EntryId {
  return typeof id === 'string' ? parseEntryId(id) : checkEntryId(id);
}

/**
 * Orders two entryIds numerically, by ms then seq: −1 if `a` is earlier, 0 if equal, 1 if later.
 * Never by string, where "9-0" would sort after "10-0".
 * @throws EntryIdError if either is invalid.
 */
export function compareEntryIds(a: string | EntryId, b: string | EntryId): -1 | 0 | 1 {
  const x = toEntryId(a);
  const y = toEntryId(b);
  if (x.ms !== y.ms) return x.ms < y.ms ? -1 : 1;
  if (x.seq !== y.seq) return x.seq < y.seq ? -1 : 1;
  return 0;
}

/**
 * Whether `a` comes strictly after `b` (replay reads after an exclusive cursor).
 * @throws EntryIdError if either is invalid.
 */
export function isAfter(a: string | EntryId, b: string | EntryId): boolean {
  return compareEntryIds(a, b) === 1;
}

/**
 * The id to give the next entry of a channel, strictly after `last` (null: the channel is empty):
 * `{ms: nowMs, seq: 0}` when the clock moved past `last.ms`, otherwise `{ms: last.ms, seq: last.seq + 1}`,
 * so a clock going backwards never makes ids go backwards. If seq is already 2^53 − 1 the id
 * moves to the next millisecond with seq 0.
 * @throws EntryIdError if `last` or `nowMs` is invalid, or no later id exists.
 */
export function nextEntryId(last: EntryId | null, nowMs: number): EntryId {
  if (!isPart(nowMs)) {
    throw new EntryIdError(`nowMs ${String(nowMs)} is invalid: expected a non-negative safe integer of epoch milliseconds`);
  }
  if (last === null) return { ms: nowMs, seq: 0 };
  checkEntryId(last);
  if (nowMs > last.ms) return { ms: nowMs, seq: 0 };
  if (last.seq < Number.MAX_SAFE_INTEGER) return { ms: last.ms, seq: last.seq + 1 };
  if (last.ms < Number.MAX_SAFE_INTEGER) return { ms: last.ms + 1, seq: 0 };
  throw new EntryIdError(`no entryId exists after ${formatEntryId(last.ms, last.seq)}`);
}
