// Query parameters of the REST API, read strictly: a bad value is a 400 `invalid_filters` that
// names the parameter, an omitted required `oddsIds` a 422 (spec 7) — never a 500.
import { IdError, parseFixtureId, parseOddsId, splitIdList, type FixtureIdParts, type ParsedOddsId } from '../../src/domain/ids.ts';
import { MAX_LEGS, MAX_LIST_IDS } from '../../src/wire/limits.ts';
import { invalidFilters, validationError } from './errors.ts';

export type Query = Readonly<Record<string, string | undefined>>;


const INTEGER = /^-?\d{1,15}$/;

function quote(value: string): string {
  const shown = value.length > 60 ? `${value.slice(0, 60)}…` : value;
  return JSON.stringify(shown);
}

/** An optional integer parameter; `undefined` when absent. */
export function intParam(query: Query, name: string, range: { min?: number; max?: number } = {}): number | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const trimmed = raw.trim();
  if (!INTEGER.test(trimmed)) throw invalidFilters(`${name} must be an integer, got ${quote(raw)}.`);
  const value = Number(trimmed);
  const min = range.min ?? 0;
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  if (value < min || value > max) throw invalidFilters(`${name} must be between ${min} and ${max}, got ${value}.`);
  return value;
}

/** An optional boolean parameter (`true`/`false`/`1`/`0`). */
export function boolParam(query: Query, name: string): boolean | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const v = raw.trim().toLowerCase();
  if (v === 'true' || v === '1') return true;
  if (v === 'false' || v === '0') return false;
  throw invalidFilters(`${name} must be true or false, got ${quote(raw)}.`);
}

/** An optional comma/space-separated list; `undefined` when absent, an error when present but empty. */
export function listParam(query: Query, name: string, max = MAX_LIST_IDS): string[] | undefined {
  const raw = query[name];
  if (raw === undefined) return undefined;
  const items = [...new Set(splitIdList(raw))];
  if (items.length === 0) throw invalidFilters(`${name} is empty: give at least one value, comma- or space-separated.`);
  if (items.length > max) throw invalidFilters(`${name} has ${items.length} values; at most ${max} are allowed.`);
  return items;
}

/** An optional list of integers. */
export function intListParam(query: Query, name: string, max = MAX_LIST_IDS): number[] | undefined {
  const items = listParam(query, name, max);
  return items?.map((item) => {
    if (!INTEGER.test(item)) throw invalidFilters(`${name} must hold integers, got ${quote(item)}.`);
    return Number(item);
  });
}

/** A required single string parameter. */
export function requiredParam(query: Query, name: string): string {
  const raw = query[name]?.trim();
  if (raw === undefined || raw === '') throw invalidFilters(`${name} is required.`);
  return raw;
}

/** Exactly one of the named parameters must be given; returns its name. */
export function exactlyOne<const N extends string>(query: Query, names: readonly N[]): N {
  const given = names.filter((n) => query[n] !== undefined);
  if (given.length !== 1) {
    throw invalidFilters(
      given.length === 0 ? `Give exactly one of ${names.join(', ')}.` : `Give exactly one of ${names.join(', ')}, not ${given.join(' and ')}.`,
    );
  }
  const [only] = given;
  if (only === undefined) throw invalidFilters(`Give exactly one of ${names.join(', ')}.`);
  return only;
}

/** Runs an identifier parser, turning its IdError (which names the wrong part) into a 400. */
function asFilter<T>(parse: () => T): T {
  try {
    return parse();
  } catch (error) {
    if (error instanceof IdError) throw invalidFilters(error.message);
    throw error;
  }
}

/** The segments of a well-formed fixtureId (400 naming the wrong part otherwise). */
export function checkFixtureId(fixtureId: string): FixtureIdParts {
  return asFilter(() => parseFixtureId(fixtureId));
}

/**
 * The `oddsIds` of /parlay and /sgp (spec 4.1): omitted → 422; empty or malformed → 400;
 * duplicates removed; more than 20 distinct legs → 400. Returned sorted by code unit, which is
 * the order of the canonical `parlayId`.
 */
export function legsParam(query: Query): ParsedOddsId[] {
  const raw = query.oddsIds;
  if (raw === undefined) throw validationError('oddsIds is required: a comma- or space-separated list of oddsIds.');
  const ids = [...new Set(splitIdList(raw))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (ids.length === 0) throw invalidFilters('oddsIds is empty: give at least one oddsId.');
  if (ids.length > MAX_LEGS) throw invalidFilters(`oddsIds has ${ids.length} legs; at most ${MAX_LEGS} are allowed per request.`);
  return ids.map((id) => asFilter(() => parseOddsId(id)));
}
