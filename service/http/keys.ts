// API keys and their entitlements (spec 5), loaded from a config file (service/keys.json, or
// KEYS_FILE). One Entitlement answers every "may this key see X" question for REST and the
// stream alike, so both paths filter identically.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { PROJECT_ROOT } from '../config.ts';

/** Endpoint families that can be enabled per key (spec 5.7); docs/api.md lists their paths. */
export const ENDPOINT_FAMILIES = [
  'reference',
  'fixtures',
  'odds',
  'historical',
  'clv',
  'futures',
  'parlay',
  'sgp',
  'settlement',
  'mapping',
  'media',
] as const;
export type EndpointFamily = (typeof ENDPOINT_FAMILIES)[number];

const scopeSchema = <T extends z.ZodType>(item: T) =>
  z.union([z.literal('*'), z.strictObject({ only: z.array(item) }), z.strictObject({ except: z.array(item) })]);

const keyRecordSchema = z.strictObject({
  apiKey: z.string().min(8).max(200),
  name: z.string(),
  benchmarkOnly: z.boolean().optional(),
  limitsExempt: z.boolean().optional(),
  endpoints: scopeSchema(z.enum(ENDPOINT_FAMILIES)),
  sports: scopeSchema(z.number().int()),
  tournaments: scopeSchema(z.number().int()),
  bookmakers: scopeSchema(z.string()),
  access: z.strictObject({ live: z.boolean(), pregame: z.boolean() }),
});
const keysFileSchema = z.looseObject({ keys: z.array(keyRecordSchema).min(1) });

type Scope<T> = '*' | { only: T[] } | { except: T[] };

function scopeAllows<T>(scope: Scope<T>, value: T): boolean {
  if (scope === '*') return true;
  if ('only' in scope) return scope.only.includes(value);
  return !scope.except.includes(value);
}

/** What one API key may see and do. */
export class Entitlement {
  readonly apiKey: string;
  readonly name: string;
  readonly limitsExempt: boolean;
  readonly access: { readonly live: boolean; readonly pregame: boolean };
  private readonly endpoints: Scope<EndpointFamily>;
  private readonly sports: Scope<number>;
  private readonly tournaments: Scope<number>;
  private readonly bookmakers: Scope<string>;

  constructor(record: z.infer<typeof keyRecordSchema>) {
    this.apiKey = record.apiKey;
    this.name = record.name;
    this.limitsExempt = record.limitsExempt ?? false;
    this.access = record.access;
    this.endpoints = record.endpoints;
    this.sports = record.sports;
    this.tournaments = record.tournaments;
    this.bookmakers = record.bookmakers;
  }

  allowsEndpoint(family: EndpointFamily): boolean {
    return scopeAllows(this.endpoints, family);
  }

  allowsSport(sportId: number): boolean {
    return scopeAllows(this.sports, sportId);
  }

  allowsTournament(tournamentId: number): boolean {
    return scopeAllows(this.tournaments, tournamentId);
  }

  allowsBookmaker(slug: string): boolean {
    return scopeAllows(this.bookmakers, slug);
  }

  /** A fixture (or future) is visible when its sport, its tournament and its live/pre-game phase are. */
  allowsEvent(sportId: number, tournamentId: number, live: boolean): boolean {
    return (
      this.allowsSport(sportId) && this.allowsTournament(tournamentId) && (live ? this.access.live : this.access.pregame)
    );
  }
}

export class KeyRing {
  private readonly byKey: Map<string, Entitlement>;

  constructor(entitlements: readonly Entitlement[]) {
    this.byKey = new Map(entitlements.map((e) => [e.apiKey, e]));
  }

  /** The entitlement of `apiKey`, or undefined for an unknown key. */
  get(apiKey: string): Entitlement | undefined {
    return this.byKey.get(apiKey);
  }

  get size(): number {
    return this.byKey.size;
  }
}

/**
 * Reads the keys file. Benchmark-only keys are dropped unless `benchmarkMode`, so an ordinary
 * start never has a key that escapes the limits.
 */
export function loadKeyRing(options: { file?: string | undefined; benchmarkMode: boolean }): KeyRing {
  const file = options.file ?? path.join(PROJECT_ROOT, 'service', 'keys.json');
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`cannot read the API keys file ${file}: ${(error as Error).message}`, { cause: error });
  }
  const parsed = keysFileSchema.safeParse(raw);
  if (!parsed.success) {
    throw new Error(`the API keys file ${file} is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  const records = parsed.data.keys.filter((k) => options.benchmarkMode || k.benchmarkOnly !== true);
  return new KeyRing(records.map((r) => new Entitlement(r)));
}
