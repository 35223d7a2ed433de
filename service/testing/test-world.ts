// A small in-memory world for the parlay/SGP tests: a few soccer fixtures priced by the real
// soccer model, real bookmaker profiles quoting them through the real quoting rules, and a
// ParlayDataPort over it that tests can mutate (suspend a leg, close a market, move the clock).
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { decimalToAmerican } from '../../src/domain/odds-format.ts';
import type { BookmakerFixtureMeta, FixtureView, OddsEntry } from '../../src/wire/shared-schemas.ts';
import { BOOKMAKERS } from '../catalogue/bookmakers.ts';
import { findMarket, getCatalogue } from '../catalogue/catalogue.ts';
import type { BookmakerProfile, CatalogueMarket, Lang } from '../catalogue/types.ts';
import { createFixturePricer } from '../pricing/fixture-pricer.ts';
import type { FixturePricer, JointPrice, SubsetWinProbabilities, WinProbability } from '../pricing/fixture-pricer.ts';
import { modelLegs } from '../sgp/model-legs.ts';
import type { WorkBudget } from '../pricing/joint-states.ts';
import { quoteMarket } from '../pricing/quoting.ts';
import type { PriceRounding } from '../pricing/quoting.ts';
import { buildHttpApp } from '../http/app.ts';
import type { HttpAppOptions } from '../http/app.ts';
import { Entitlement, KeyRing } from '../http/keys.ts';
import type { HeldFixture, LegRef, ParlayDataPort } from '../sgp/port.ts';
import { isLive, isPreGame } from '../../src/wire/status.ts';

export const WORLD_NOW_MS = Date.parse('2026-11-22T12:00:00Z');
const HOUR_MS = 3_600_000;

/** The fixtures of the world. */
export const FIXTURES = {
  /** Pre-game, strong home side: the SGP correlation fixture. */
  home: 'sim100000175001',
  /** Pre-game, another fixture of the same tournament (cross-fixture parlays). */
  away: 'sim100000175002',
  /** Live. */
  live: 'sim100000175003',
  /** Finished an hour ago: odds still held. */
  ended: 'sim100000175004',
  /** Finished seven hours ago: odds expired. */
  expired: 'sim100000175005',
  /** Pre-game, in tournament 18 (entitlement tests). */
  otherTournament: 'sim100000185006',
  /** Issued once, purged since. */
  purged: 'sim100000175009',
  /** Well-formed, never issued. */
  fabricated: 'sim100000179999',
} as const;

/** The bookmakers that quote every fixture. */
export const WORLD_BOOKS = ['pinnacle', 'bet365', 'williamhill', 'fanduel', 'bwin', 'betfair-ex'] as const;

export const PROP_PLAYER_ID = 7001;

const catalogue = getCatalogue();

function market(marketType: string, period: string, handicap: number): CatalogueMarket {
  const found = findMarket(catalogue, 10, marketType, period, handicap);
  if (found === undefined) throw new Error(`no soccer market ${marketType} ${period} ${String(handicap)}`);
  return found;
}

/** The markets every book offers, with whether each is a main line. */
export const MARKETS = {
  result: market('1x2', 'result', 0),
  over25: market('totals', 'result', 2.5),
  over15: market('totals', 'result', 1.5),
  over35: market('totals', 'result', 3.5),
  btts: market('bothteamsscore', 'result', 0),
  firstHalf: market('1x2', 'p1', 0),
  /** Pushes on a draw. */
  drawNoBet: market('drawnobet', 'result', 0),
  /** Home −1 European handicap: "2" is a draw or an away win, "1" home by 2+. */
  european: market('spreads-european', 'result', -1),
  /** Pushes on exactly 2 goals. */
  total2: market('totals', 'result', 2),
  shots: market('players-shots', 'result', 1.5),
} as const;
const MAIN_LINES = new Set<number>([MARKETS.result.marketId, MARKETS.over25.marketId]);

/** The outcomeId of a side of a market. */
export function outcomeOf(m: CatalogueMarket, name: string): number {
  const outcome = m.outcomes.find((o) => o.outcomeName === name);
  if (outcome === undefined) throw new Error(`market ${String(m.marketId)} has no outcome ${name}`);
  return outcome.outcomeId;
}

/** The oddsId of a side of a market at a bookmaker on a fixture. */
export function oddsIdOf(fixtureId: string, bookmaker: string, m: CatalogueMarket, name: string): string {
  return `${fixtureId}:${bookmaker}:${String(outcomeOf(m, name))}:${String(m.playerProp ? PROP_PLAYER_ID : 0)}`;
}

function gridOf(profile: BookmakerProfile): PriceRounding {
  switch (profile.rounding.kind) {
    case 'decimals':
      return { kind: 'decimals', decimals: profile.rounding.decimals >= 3 ? 3 : 2 };
    case 'american':
      return { kind: 'decimals', decimals: 2 };
    case 'ladder':
      return { kind: 'ladder' };
    case 'probability':
      return { kind: 'cents' };
  }
}

interface WorldFixture {
  held: HeldFixture;
  readonly pricer: FixturePricer;
  readonly odds: Map<string, Record<string, OddsEntry>>;
  readonly metas: Map<string, BookmakerFixtureMeta>;
}

function viewOf(fixtureId: string, tournamentId: number, statusId: 0 | 1 | 2, startTime: number, endedAt: number | null): FixtureView {
  const n = Number(fixtureId.slice(-4));
  return {
    fixtureId,
    status: { live: isLive(statusId), statusId, statusName: ['Pre-Game', 'Live', 'Finished'][statusId] ?? 'Pre-Game' },
    sport: { sportId: 10, sportName: 'Soccer' },
    tournament: { tournamentId, tournamentName: `League ${String(tournamentId)}`, categoryName: 'Testland' },
    season: { seasonId: 900 + tournamentId, seasonName: '2026/2027', seasonRound: 12 },
    venue: { venueId: n, venueName: `Ground ${String(n)}`, venueLocation: 'Testville', venueSlug: `ground-${String(n)}` },
    startTime: Math.floor(startTime / 1000),
    trueStartTime: isPreGame(statusId) ? null : new Date(startTime).toISOString(),
    trueEndTime: endedAt === null ? null : new Date(endedAt).toISOString(),
    participants: {
      participant1Id: n * 2,
      participant1RotNr: null,
      participant1Name: `Home ${String(n)}`,
      participant1ShortName: null,
      participant1Abbr: 'HOM',
      participant2Id: n * 2 + 1,
      participant2RotNr: null,
      participant2Name: `Away ${String(n)}`,
      participant2ShortName: null,
      participant2Abbr: 'AWY',
    },
    scores: {},
    clock: null,
    expectedPeriods: 2,
    periodLength: 45,
    externalProviders: { simId: n },
    // What the simulator's views carry and the endpoints must strip (CLV only).
    reissuedFixtureId: null,
  };
}

/** The in-memory world and its port. */
export class TestWorld implements ParlayDataPort {
  nowMs = WORLD_NOW_MS;
  readonly fixtures = new Map<string, WorldFixture>();
  readonly issued = new Set<string>();
  readonly profiles = new Map<string, BookmakerProfile>();
  jointCalls = 0;
  winCalls = 0;

  constructor() {
    for (const profile of BOOKMAKERS) if ((WORLD_BOOKS as readonly string[]).includes(profile.bookmaker)) this.profiles.set(profile.bookmaker, profile);
    this.add(FIXTURES.home, 17, 0, 2.2, 0.8, null);
    this.add(FIXTURES.away, 17, 0, 1.3, 1.2, null);
    this.add(FIXTURES.live, 17, 1, 1.5, 1.1, null);
    this.add(FIXTURES.ended, 17, 2, 1.4, 1.3, WORLD_NOW_MS - HOUR_MS);
    this.add(FIXTURES.expired, 17, 2, 1.6, 1.0, WORLD_NOW_MS - 7 * HOUR_MS);
    this.add(FIXTURES.otherTournament, 18, 0, 1.2, 1.4, null);
    this.issued.add(FIXTURES.purged);
  }

  private add(fixtureId: string, tournamentId: number, statusId: 0 | 1 | 2, goals1: number, goals2: number, endedAt: number | null): void {
    const pricer = createFixturePricer({ model: 'soccer', goals1, goals2, rho: -0.08 }, undefined, [
      { playerId: PROP_PLAYER_ID, rates: { 'players-shots': { mean: 2.1 } } },
    ]);
    const startTime = endedAt === null ? WORLD_NOW_MS + (isLive(statusId) ? -HOUR_MS / 2 : 6 * HOUR_MS) : endedAt - 2 * HOUR_MS;
    const odds = new Map<string, Record<string, OddsEntry>>();
    const metas = new Map<string, BookmakerFixtureMeta>();
    let k = 0;
    for (const profile of this.profiles.values()) {
      const byId: Record<string, OddsEntry> = {};
      for (const m of Object.values(MARKETS)) {
        const playerId = m.playerProp ? PROP_PLAYER_ID : 0;
        const fair = pricer.fairProbabilities(m, playerId);
        if (fair === null) throw new Error(`the soccer model cannot price market ${String(m.marketId)}`);
        const main = MAIN_LINES.has(m.marketId);
        const prices = quoteMarket(fair, {
          margin: main ? profile.margin : profile.altMargin,
          method: profile.marginMethod,
          rounding: gridOf(profile),
          maxPrice: profile.maxPrice,
        });
        m.outcomes.forEach((outcome, i) => {
          const price = prices[i] ?? 1.01;
          k += 1;
          byId[`${fixtureId}:${profile.bookmaker}:${String(outcome.outcomeId)}:${String(playerId)}`] = {
            bookmaker: profile.bookmaker,
            outcomeId: outcome.outcomeId,
            playerId,
            marketId: m.marketId,
            active: endedAt === null,
            marketActive: endedAt === null,
            mainLine: main,
            price,
            priceAmerican: decimalToAmerican(price),
            changedAt: WORLD_NOW_MS - 60_000 + k * 7,
          };
        });
      }
      odds.set(profile.bookmaker, byId);
      metas.set(profile.bookmaker, {
        bookmaker: profile.bookmaker,
        bookmakerFixtureId: `${profile.bookmaker.replace(/[^a-z0-9]/g, '').slice(0, 3)}-${fixtureId.slice(-4)}`,
        fixturePath: `/10/${fixtureId.slice(-4)}`,
        hasOdds: true,
        staleOdds: false,
        staleOddsResponseCode: null,
        suspended: false,
        participantsRotated: profile.participantsRotated,
        meta: null,
        updatedAt: new Date(WORLD_NOW_MS - 5_000).toISOString(),
      });
    }
    this.fixtures.set(fixtureId, {
      held: {
        view: viewOf(fixtureId, tournamentId, statusId, startTime, endedAt),
        sportId: 10,
        tournamentId,
        statusId,
        live: isLive(statusId),
        endedAt,
      },
      pricer,
      odds,
      metas,
    });
    this.issued.add(fixtureId);
  }

  private world(fixtureId: string): WorldFixture {
    const f = this.fixtures.get(fixtureId);
    if (f === undefined) throw new Error(`no fixture ${fixtureId} in the test world`);
    return f;
  }

  // --- mutations -------------------------------------------------------------------------------

  /** Changes one entry in place. */
  patchEntry(oddsId: string, patch: Partial<OddsEntry>): void {
    const [fixtureId = '', bookmaker = ''] = oddsId.split(':');
    const byId = this.world(fixtureId).odds.get(bookmaker);
    const entry = byId?.[oddsId];
    if (byId === undefined || entry === undefined) throw new Error(`no entry ${oddsId}`);
    byId[oddsId] = { ...entry, ...patch };
  }

  patchMeta(fixtureId: string, bookmaker: string, patch: Partial<BookmakerFixtureMeta>): void {
    const metas = this.world(fixtureId).metas;
    const meta = metas.get(bookmaker);
    if (meta === undefined) throw new Error(`no meta of ${bookmaker} on ${fixtureId}`);
    metas.set(bookmaker, { ...meta, ...patch });
  }

  /** Forgets a fixture (store purge); it stays "issued". */
  purge(fixtureId: string): void {
    this.fixtures.delete(fixtureId);
  }

  // --- ParlayDataPort ------------------------------------------------------------------------

  fixture(fixtureId: string, _lang: Lang): HeldFixture | undefined {
    return this.fixtures.get(fixtureId)?.held;
  }

  wasIssued(fixtureId: string): boolean {
    return this.issued.has(fixtureId);
  }

  odds(fixtureId: string, bookmaker: string): Readonly<Record<string, OddsEntry>> | undefined {
    return this.fixtures.get(fixtureId)?.odds.get(bookmaker);
  }

  bookmakerMeta(fixtureId: string, bookmaker: string): BookmakerFixtureMeta | undefined {
    return this.fixtures.get(fixtureId)?.metas.get(bookmaker);
  }

  bookmakerProfile(slug: string): BookmakerProfile | undefined {
    return this.profiles.get(slug);
  }

  jointFairPrice(fixtureId: string, legs: readonly LegRef[]): JointPrice | 'unknown_fixture' {
    this.jointCalls += 1;
    const f = this.fixtures.get(fixtureId);
    if (f === undefined) return 'unknown_fixture';
    const sgpLegs = modelLegs(f.pricer, catalogue, legs);
    if ('unpriceable' in sgpLegs) return { kind: 'not_combinable', reason: 'unpriceable_leg', detail: `no fair price for ${String(sgpLegs.unpriceable)}` };
    return f.pricer.jointFairPrice(sgpLegs);
  }

  winProbability(fixtureId: string, legs: readonly LegRef[], budget?: WorkBudget): WinProbability | 'unknown_fixture' {
    this.winCalls += 1;
    const f = this.fixtures.get(fixtureId);
    if (f === undefined) return 'unknown_fixture';
    const sgpLegs = modelLegs(f.pricer, catalogue, legs);
    if ('unpriceable' in sgpLegs) return { kind: 'not_combinable', reason: 'unpriceable_leg', detail: `no fair price for ${String(sgpLegs.unpriceable)}` };
    return f.pricer.winProbability(sgpLegs, budget);
  }

  subsetWinProbabilities(fixtureId: string, legs: readonly LegRef[], budget?: WorkBudget): SubsetWinProbabilities | 'unknown_fixture' {
    // One call of the model, like `winProbability`'s.
    this.winCalls += 1;
    const f = this.fixtures.get(fixtureId);
    if (f === undefined) return 'unknown_fixture';
    const sgpLegs = modelLegs(f.pricer, catalogue, legs);
    if ('unpriceable' in sgpLegs) return { kind: 'not_combinable', reason: 'unpriceable_leg', detail: `no fair price for ${String(sgpLegs.unpriceable)}` };
    return f.pricer.subsetWinProbabilities(sgpLegs, budget);
  }

  now(): number {
    return this.nowMs;
  }
}

// --- HTTP harness ------------------------------------------------------------------------------

/** Test keys: all exempt from the rate limit except `limited`, so a suite never trips it by accident. */
export const KEYS = {
  all: 'test-key-everything',
  noTournament18: 'test-key-no-t18',
  noSoccer: 'test-key-no-soccer',
  noBet365: 'test-key-no-bet365',
  pregameOnly: 'test-key-pregame-only',
  noSgp: 'test-key-no-sgp-family',
  limited: 'test-key-rate-limited',
} as const;

export function testKeyRing(): KeyRing {
  const base = {
    endpoints: '*' as const,
    sports: '*' as const,
    tournaments: '*' as const,
    bookmakers: '*' as const,
    access: { live: true, pregame: true },
    limitsExempt: true,
  };
  return new KeyRing([
    new Entitlement({ ...base, apiKey: KEYS.all, name: 'everything' }),
    new Entitlement({ ...base, apiKey: KEYS.noTournament18, name: 'no t18', tournaments: { except: [18] } }),
    new Entitlement({ ...base, apiKey: KEYS.noSoccer, name: 'no soccer', sports: { except: [10] } }),
    new Entitlement({ ...base, apiKey: KEYS.noBet365, name: 'no bet365', bookmakers: { except: ['bet365'] } }),
    new Entitlement({ ...base, apiKey: KEYS.pregameOnly, name: 'pre-game only', access: { live: false, pregame: true } }),
    new Entitlement({ ...base, apiKey: KEYS.noSgp, name: 'no sgp', endpoints: { except: ['sgp', 'parlay'] } }),
    new Entitlement({ ...base, apiKey: KEYS.limited, name: 'limited', limitsExempt: false }),
  ]);
}

export interface TestApp {
  readonly app: FastifyInstance;
  /** GET `path` (after /en) with `oddsIds` (omitted when undefined) and a key. */
  get(path: string, oddsIds: string | undefined, key?: string, lang?: string): Promise<{ status: number; body: unknown; headers: Headers }>;
  close(): Promise<void>;
}

export async function startTestApp(handlers: HttpAppOptions['handlers']): Promise<TestApp> {
  const app = await buildHttpApp({ keys: testKeyRing(), handlers });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test app has no port');
  const base = `http://127.0.0.1:${String(address.port)}`;
  return {
    app,
    async get(path, oddsIds, key = KEYS.all, lang = 'en') {
      const qs = oddsIds === undefined ? '' : `?oddsIds=${encodeURIComponent(oddsIds)}`;
      const response = await fetch(`${base}/${lang}${path}${qs}`, { headers: { 'X-API-Key': key } });
      const text = await response.text();
      return { status: response.status, body: JSON.parse(text) as unknown, headers: response.headers };
    },
    async close() {
      await app.close();
    },
  };
}

// --- hostile input ----------------------------------------------------------------------------

/** Random `oddsIds` values: arbitrary text, near-valid id lists, injection shapes, odd unicode, long runs. */
export function hostileOddsIds(): fc.Arbitrary<string> {
  const near = fc
    .tuple(
      fc.constantFrom(FIXTURES.home, FIXTURES.away, FIXTURES.ended, FIXTURES.expired, FIXTURES.fabricated, FIXTURES.purged, 'sim10', 'x', ''),
      fc.constantFrom('bet365', 'betfair-ex', 'pinnacle', 'constructor', 'BET365', 'no such', '', 'a'.repeat(50)),
      fc.constantFrom('101', '102', '10108', '10101', '0101', '-1', '1e3', '99999999999999999999', ''),
      fc.constantFrom('0', '7001', '00', 'NaN'),
    )
    .map((parts) => parts.join(':'));
  return fc.oneof(
    fc.string({ maxLength: 300 }),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.tuple(fc.array(near, { maxLength: 30 }), fc.constantFrom(',', ' ', ', ', '\t', ',,')).map(([ids, sep]) => ids.join(sep)),
    fc.constantFrom(
      `${FIXTURES.home}:bet365:101:0' OR '1'='1`,
      `${FIXTURES.home}:bet365:101:0;DROP TABLE odds;--`,
      '<script>alert(1)</script>',
      '../../../etc/passwd',
      '%00%ff',
      '__proto__:constructor:prototype:0',
      `${FIXTURES.home}:__proto__:101:0`,
      'ℌ𝔢𝔩𝔩𝔬:🙂:١٠١:٠',
      `${FIXTURES.home}:bet365:101:0`.repeat(200),
    ),
  );
}
