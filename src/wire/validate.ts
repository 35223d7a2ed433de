// Runtime checking of wire payloads against the schemas of ./*-schemas.ts, with one error type
// whose message names the request or frame, the exact path and what was wrong.
import type { z } from 'zod';

/** One problem found in a payload. */
export interface WireIssue {
  /** Where, in JS accessor form from the payload root: `[0].odds.pinnacle["id1…:0"].price`; `(root)` for the payload itself. */
  readonly path: string;
  /** The zod issue code (`invalid_type`, `too_small`, `invalid_union`…). */
  readonly code: string;
  /** What was wrong, e.g. `expected number, received string` or `missing, expected string`. */
  readonly message: string;
}

/** How many issues the message of a WireError spells out before "and N more". */
const ISSUES_IN_MESSAGE = 3;

/** A payload did not match its wire schema. */
export class WireError extends Error {
  override readonly name = 'WireError';
  /** What was being read, e.g. `GET /en/markets` or `stream odds frame`. */
  readonly context: string;
  /** Every issue found, in zod's order (never empty). */
  readonly issues: readonly WireIssue[];

  constructor(context: string, issues: readonly WireIssue[]) {
    super(`${context}: ${summarize(issues)}`);
    this.context = context;
    this.issues = issues;
  }
}

function summarize(issues: readonly WireIssue[]): string {
  const shown = issues.slice(0, ISSUES_IN_MESSAGE).map((i) => `${i.path}: ${i.message}`);
  const more = issues.length - ISSUES_IN_MESSAGE;
  return more > 0 ? `${shown.join('; ')}; and ${String(more)} more` : shown.join('; ');
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/** Formats a zod path as a JS accessor: `.key` for identifiers, `[0]` for indices, `["a:b"]` otherwise. */
export function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${String(key)}]`;
    else if (typeof key === 'symbol') out += `[${key.toString()}]`;
    else if (IDENTIFIER.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(key)}]`;
  }
  return out;
}

/** The JSON type name of a received value, as a reader of the payload would say it. */
function describeType(input: unknown): string {
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  if (typeof input === 'number') {
    // The value shows whether a number failed for being non-finite or fractional.
    return Number.isFinite(input) ? `number ${String(input)}` : String(input);
  }
  return typeof input;
}

/** A received value shown as itself when it is a primitive (strings quoted), else by its type. */
function describeValue(input: unknown): string {
  if (typeof input === 'string') return JSON.stringify(input);
  if (typeof input === 'boolean' || (typeof input === 'number' && Number.isFinite(input))) return String(input);
  return describeType(input);
}

/** `1` or `one of "a" | "b"`, for the allowed values of an enum, literal or discriminator. */
function describeAllowed(values: readonly unknown[]): string {
  const shown = values.map((v) => (typeof v === 'string' ? JSON.stringify(v) : String(v)));
  return shown.length === 1 ? (shown[0] ?? '') : `one of ${shown.join(' | ')}`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/**
 * The per-parse error map: says what was expected and what was received for the issues a reader
 * acts on (wrong type, wrong value, missing key); returning undefined keeps zod's own English
 * message for every other issue (ranges, formats).
 */
function wireMessage(issue: z.core.$ZodRawIssue): string | undefined {
  switch (issue.code) {
    case 'invalid_type': {
      const expected = issue.expected === 'int' ? 'integer' : issue.expected;
      if (issue.input === undefined) return `missing, expected ${expected}`;
      return `expected ${expected}, received ${describeType(issue.input)}`;
    }
    case 'invalid_value': {
      const expected = describeAllowed(issue.values);
      if (issue.input === undefined) return `missing, expected ${expected}`;
      return `expected ${expected}, received ${describeValue(issue.input)}`;
    }
    case 'invalid_union': {
      const options: unknown = 'options' in issue ? issue.options : undefined;
      if (issue.discriminator !== undefined && isRecord(issue.input) && Array.isArray(options)) {
        // zod reports an unmatched discriminator with the whole object as input.
        const value = issue.input[issue.discriminator];
        const expected = describeAllowed(options);
        if (value === undefined) return `missing, expected ${expected}`;
        return `expected ${expected}, received ${describeValue(value)}`;
      }
      // A missing key whose schema is a union (e.g. a JSON value) reports a union failure.
      return issue.input === undefined ? 'missing' : undefined;
    }
    case 'invalid_key':
      return `invalid key: ${issue.issues.map((i) => i.message).join('; ')}`;
    default:
      return undefined;
  }
}

function toWireIssues(error: z.core.$ZodError): WireIssue[] {
  return error.issues.map((issue) => ({
    path: formatPath(issue.path),
    code: issue.code,
    message: issue.message,
  }));
}

/** The result of `safeParseWire`. */
export type WireResult<T> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: WireError };

/**
 * Checks `data` (already decoded JSON or MessagePack) against `schema`. On success returns the
 * parsed value: a copy with every unknown extra property kept. `context` names what was read,
 * e.g. `GET /en/fixtures/odds/main`, and heads the error message.
 */
export function safeParseWire<S extends z.ZodType>(
  schema: S,
  data: unknown,
  context: string,
): WireResult<z.output<S>> {
  const result = schema.safeParse(data, { error: wireMessage });
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, error: new WireError(context, toWireIssues(result.error)) };
}

/**
 * Like `safeParseWire`, but returns the parsed value directly.
 * @throws WireError naming `context`, the first 3 issues with their paths, and how many more.
 */
export function parseWire<S extends z.ZodType>(schema: S, data: unknown, context: string): z.output<S> {
  const result = safeParseWire(schema, data, context);
  if (!result.ok) throw result.error;
  return result.value;
}
