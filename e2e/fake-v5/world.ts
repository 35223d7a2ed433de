// The fake v5 service's data, written from ../shared/spec/odds-service-v5.md and
// stream-protocol.md alone (it shares no code with service/ or src/): its own sport, tournaments,
// provider slug, fixtures, markets and bookmakers (one, `northbet`, unknown to the dashboard).
// Records carry only the fields the spec shows; where a payload is "not shown" it carries the
// spec's vocabulary for it and nothing more (see docs/testing.md).

export const SPORT = { sportId: 10, sportName: 'Soccer' } as const;
/** The fake's provider slug: the first segment of each fixtureId (spec 2.1). */
const PROVIDER = 'fk';
export const TOURNAMENTS = [
  { tournamentId: 770001, tournamentName: 'Northern League', categoryName: 'Fakeland' },
  { tournamentId: 770002, tournamentName: 'Southern Cup', categoryName: 'Fakeland' },
] as const;
/** Bookmaker slugs of the key; `northbet` is a book the dashboard has never heard of. */
export const BOOKMAKERS = ['northbet', 'pinnacle', 'bet365'] as const;
export type BookmakerSlug = (typeof BOOKMAKERS)[number];
/** Spec 4.10's freshness bounds, per bookmaker (seconds). */
export const BOUNDS = { maxDelayLiveInSec: 5, maxDelayPregameInSec: 60, maxDelayPregameMainInSec: 60 } as const;
const MARGINS: Record<BookmakerSlug, number> = { northbet: 0.07, pinnacle: 0.03, bet365: 0.05 };

/** The catalogue (spec 2.6): marketId = first outcomeId = `{sportId}{n}`. */
export const MARKETS = [
  {
    marketId: 1001, marketLength: 3, sportId: 10, playerProp: false, handicap: 0, period: 'result', marketType: '1x2',
    marketName: 'Match Result', marketNameShort: '1X2',
    outcomes: [{ outcomeId: 1001, outcomeName: '1' }, { outcomeId: 1002, outcomeName: 'X' }, { outcomeId: 1003, outcomeName: '2' }],
  },
  {
    marketId: 1004, marketLength: 2, sportId: 10, playerProp: false, handicap: 2.5, period: 'fulltime', marketType: 'totals',
    marketName: 'Total Goals 2.5', marketNameShort: 'O/U 2.5',
    outcomes: [{ outcomeId: 1004, outcomeName: 'Over' }, { outcomeId: 1005, outcomeName: 'Under' }],
  },
  {
    marketId: 1006, marketLength: 2, sportId: 10, playerProp: false, handicap: 3.5, period: 'fulltime', marketType: 'totals',
    marketName: 'Total Goals 3.5', marketNameShort: 'O/U 3.5',
    outcomes: [{ outcomeId: 1006, outcomeName: 'Over' }, { outcomeId: 1007, outcomeName: 'Under' }],
  },
] as const;
/** Fair probabilities of each outcome, by marketId (the fixture's strength shifts the 1X2 a little). */
const FAIR: Record<number, readonly number[]> = { 1001: [0.45, 0.27, 0.28], 1004: [0.52, 0.48], 1006: [0.3, 0.7] };
/** Main lines (spec 2.3 `mainLine`): the 1X2 and the 2.5 total. */
const MAIN_MARKETS: ReadonlySet<number> = new Set([1001, 1004]);

export const SEASONS = TOURNAMENTS.map((t, i) => ({
  seasonId: 880001 + i, tournamentId: t.tournamentId, sportId: 10, seasonSlug: `season-${String(880001 + i)}`, seasonName: '2026/27',
}));
export const VENUE = { venueId: 990001, venueName: 'Fake Park', venueLocation: 'Fakeville', venueSlug: 'fake-park' } as const;
const TEAMS = ['Ashford Rovers', 'Brookside Town', 'Carlow Athletic', 'Dunmore City', 'Eastfield United', 'Fenwick Wanderers',
  'Glenroy Albion', 'Harbour Vale', 'Ironbridge FC', 'Jarrow Harriers', 'Kelso Rangers', 'Lowther Park', 'Marlow Celtic',
  'Northgate FC', 'Oakham Villa', 'Pembury Town'] as const;
export const PARTICIPANTS = TEAMS.map((name, i) => ({ participantId: 660001 + i, participantName: name, participantShortName: name.split(' ')[0] ?? name }));

export type StatusId = 0 | 1 | 2;
const STATUS_NAMES: Record<StatusId, string> = { 0: 'Pre-Game', 1: 'Live', 2: 'Finished' };
export const statusOf = (statusId: StatusId) => ({ live: statusId === 1, statusId, statusName: STATUS_NAMES[statusId] });

export interface Fixture {
  readonly fixtureId: string;
  readonly tournamentIndex: number;
  readonly statusId: StatusId;
  /** Epoch seconds. */
  readonly startTime: number;
  readonly home: number;
  readonly away: number;
  readonly goals: readonly [number, number];
}

/** One recorded price of a fixture (spec 2.3's entry, as recorded: the history keeps every change). */
export interface OddsEntry {
  readonly bookmaker: BookmakerSlug;
  readonly outcomeId: number;
  readonly playerId: 0;
  readonly marketId: number;
  readonly active: boolean;
  readonly marketActive: boolean;
  readonly mainLine: boolean;
  readonly price: number;
  readonly priceAmerican: number;
  readonly changedAt: number;
}

export const americanOf = (price: number): number => Math.round(price >= 2 ? (price - 1) * 100 : -100 / (price - 1));
const round2 = (x: number): number => Math.round(x * 100) / 100;

/** The fake's world at start-up time `now` (ms): fixtures, and every price's recorded history. */
export function createWorld(now: number) {
  const nowSec = Math.floor(now / 1000);
  const plan: readonly { statusId: StatusId; startOffsetSec: number; goals: [number, number] }[] = [
    { statusId: 1, startOffsetSec: -1800, goals: [1, 0] },
    { statusId: 1, startOffsetSec: -3000, goals: [0, 0] },
    { statusId: 1, startOffsetSec: -600, goals: [2, 1] },
    { statusId: 0, startOffsetSec: 3600, goals: [0, 0] },
    { statusId: 0, startOffsetSec: 7200, goals: [0, 0] },
    { statusId: 0, startOffsetSec: 86_400, goals: [0, 0] },
    { statusId: 2, startOffsetSec: -10_800, goals: [2, 2] },
    { statusId: 2, startOffsetSec: -14_400, goals: [3, 0] },
  ];
  const fixtures: Fixture[] = plan.map((p, i) => ({
    fixtureId: `${PROVIDER}10${String(TOURNAMENTS[i % 2]?.tournamentId ?? 0).padStart(6, '0')}${String(5001 + i)}`,
    tournamentIndex: i % 2,
    statusId: p.statusId,
    startTime: nowSec + p.startOffsetSec,
    home: PARTICIPANTS[(2 * i) % PARTICIPANTS.length]?.participantId ?? 0,
    away: PARTICIPANTS[(2 * i + 1) % PARTICIPANTS.length]?.participantId ?? 0,
    goals: p.goals,
  }));

  /** oddsId → its recorded entries, oldest first; the last one is the current price. */
  const history = new Map<string, OddsEntry[]>();
  const fixtureOf = new Map<string, Fixture>();
  fixtures.forEach((fixture, i) => {
    const shift = ((i % 3) - 1) * 0.06;
    const opened = fixture.startTime * 1000 - 6 * 3600_000;
    const closed = fixture.statusId === 2 ? fixture.startTime * 1000 + 2 * 3600_000 : now;
    for (const bookmaker of BOOKMAKERS) {
      for (const market of MARKETS) {
        const fair = FAIR[market.marketId] ?? [];
        market.outcomes.forEach((outcome, k) => {
          const p = (fair[k] ?? 0.5) + (market.marketId === 1001 ? (k === 0 ? shift : k === 2 ? -shift : 0) : 0);
          const entries: OddsEntry[] = [];
          // Ten recorded moves between opening and now (or the close), the price drifting a little.
          for (let step = 0; step < 10; step += 1) {
            const drift = 1 + 0.02 * Math.sin(i + k + step + bookmaker.length);
            const price = Math.max(1.01, round2(1 / (p * drift * (1 + MARGINS[bookmaker]))));
            entries.push({
              bookmaker, outcomeId: outcome.outcomeId, playerId: 0, marketId: market.marketId,
              active: true, marketActive: true, mainLine: MAIN_MARKETS.has(market.marketId),
              price, priceAmerican: americanOf(price),
              changedAt: Math.round(opened + ((closed - opened) * step) / 10),
            });
          }
          const oddsId = `${fixture.fixtureId}:${bookmaker}:${String(outcome.outcomeId)}:0`;
          history.set(oddsId, entries);
          fixtureOf.set(oddsId, fixture);
        });
      }
    }
  });

  let tick = 0;
  return {
    fixtures,
    history,
    fixtureById: (fixtureId: string): Fixture | undefined => fixtures.find((f) => f.fixtureId === fixtureId),
    /** The current entry of each oddsId of a fixture, by bookmaker (finished fixtures have none active). */
    currentOdds(fixture: Fixture, bookmakers: readonly string[], mainOnly: boolean): Record<string, Record<string, OddsEntry>> {
      const odds: Record<string, Record<string, OddsEntry>> = {};
      if (fixture.statusId === 2) return odds;
      for (const [oddsId, entries] of history) {
        const last = entries.at(-1);
        if (last === undefined || fixtureOf.get(oddsId) !== fixture || !bookmakers.includes(last.bookmaker)) continue;
        if (mainOnly && !last.mainLine) continue;
        (odds[last.bookmaker] ??= {})[oddsId] = last;
      }
      return odds;
    },
    /**
     * Moves one price of every live fixture at `at` (ms) and returns the new entries by fixture:
     * what the `odds` channel streams.
     */
    move(at: number): Map<Fixture, { oddsId: string; entry: OddsEntry }[]> {
      tick += 1;
      const moved = new Map<Fixture, { oddsId: string; entry: OddsEntry }[]>();
      for (const fixture of fixtures) {
        if (fixture.statusId !== 1) continue;
        const list: { oddsId: string; entry: OddsEntry }[] = [];
        for (const bookmaker of BOOKMAKERS) {
          const market = MARKETS[tick % MARKETS.length];
          const outcome = market?.outcomes[tick % (market.outcomes.length)];
          if (outcome === undefined) continue;
          const oddsId = `${fixture.fixtureId}:${bookmaker}:${String(outcome.outcomeId)}:0`;
          const entries = history.get(oddsId);
          const last = entries?.at(-1);
          if (entries === undefined || last === undefined) continue;
          const price = Math.max(1.01, round2(last.price + (tick % 2 === 0 ? 0.03 : -0.02)));
          const entry: OddsEntry = { ...last, price, priceAmerican: americanOf(price), changedAt: at };
          entries.push(entry);
          list.push({ oddsId, entry });
        }
        moved.set(fixture, list);
      }
      return moved;
    },
  };
}

export type World = ReturnType<typeof createWorld>;

/** The futures (spec 2.7): one outright on the Northern League, priced per participant. */
export const FUTURE_ID = `${PROVIDER}10880001${String(1)}`;
export const FUTURE_PARTICIPANTS = PARTICIPANTS.slice(0, 4).map((p) => p.participantId);
