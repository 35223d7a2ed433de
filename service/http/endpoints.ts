// Every REST endpoint of the service: its path (after `/{lang}`), the family a key must be
// entitled to, and the rate-limit bucket of spec 8 ("counted per apiKey and by endpoint").
import type { EndpointFamily } from './keys.ts';

export type Bucket = 'odds' | 'other';

export interface EndpointSpec {
  readonly path: string;
  readonly family: EndpointFamily;
  readonly bucket: Bucket;
}

/** Requests per window of each bucket (spec 8). */
export const BUCKET_LIMITS: Readonly<Record<Bucket, { readonly max: number; readonly windowMs: number }>> = {
  odds: { max: 10, windowMs: 1000 },
  other: { max: 200, windowMs: 60_000 },
};

const e = (path: string, family: EndpointFamily, bucket: Bucket = 'other'): EndpointSpec => ({ path, family, bucket });

export const ENDPOINTS = {
  sports: e('/sports', 'reference'),
  tournaments: e('/tournaments', 'reference'),
  seasons: e('/seasons', 'reference'),
  participants: e('/participants', 'reference'),
  players: e('/players', 'reference'),
  venues: e('/venues', 'reference'),
  bookmakers: e('/bookmakers', 'reference'),
  markets: e('/markets', 'reference'),
  fixtures: e('/fixtures', 'fixtures'),
  fixtureMarkets: e('/fixtures/markets', 'fixtures'),
  fixtureOdds: e('/fixtures/odds', 'odds', 'odds'),
  mainOdds: e('/fixtures/odds/main', 'odds', 'odds'),
  fixtureHistorical: e('/fixtures/odds/historical', 'historical'),
  fixtureClv: e('/fixtures/odds/clv', 'clv'),
  parlay: e('/fixtures/odds/parlay', 'parlay', 'odds'),
  sgp: e('/fixtures/odds/sgp', 'sgp', 'odds'),
  settlement: e('/fixtures/settlement', 'settlement'),
  fixtureInjuries: e('/fixtures/injuries', 'fixtures'),
  fixtureLineups: e('/fixtures/lineups', 'fixtures'),
  fixtureStats: e('/fixtures/stats', 'fixtures'),
  futuresLive: e('/futures/live', 'futures'),
  futures: e('/futures', 'futures'),
  futureOdds: e('/futures/odds', 'futures', 'odds'),
  futureHistorical: e('/futures/odds/historical', 'historical'),
  futureClv: e('/futures/odds/clv', 'clv'),
  mappingFixtures: e('/mapping/fixtures', 'mapping'),
  participantBadge: e('/media/participants/:participantId/badge', 'media'),
} as const satisfies Record<string, EndpointSpec>;
