// The tracker's refresh against the real embedded service on loopback: a bet taken before
// kick-off gets its book's kick-off close (checked against the raw history JSON), and once the
// fixture is finished its grade (checked against the raw settlement JSON) and a profit worked by
// hand; a bet taken after kick-off gets no closing line.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../src/api/client.ts';
import { startEmbeddedService, type EmbeddedService } from './embedded-service.ts';
import { parseOddsId } from '../src/domain/ids.ts';
import { betClv, betSettlement, type TrackedBet } from '../src/domain/tracked-bet.ts';
import { NO_CLOSING_LINE, refreshBet } from '../src/features/tracker/refresh-bet.ts';

let service: EmbeddedService;
let client: ApiClient;
let oddsId: string;
let takenPrice: number;
let placedAt: number;

async function raw(path: string): Promise<unknown> {
  const response = await fetch(`${service.url}${path}`, { headers: { 'x-api-key': 'bench-key' } });
  expect(response.status).toBe(200);
  return response.json();
}

function bet(id: string, at: number): TrackedBet {
  return {
    id,
    placedAt: at,
    stake: 10,
    currency: 'GBP',
    note: '',
    legs: [{ oddsId, bookmaker: parseOddsId(oddsId).bookmaker, price: takenPrice, sport: '', label: '', close: { kind: 'open' }, grade: null }],
  };
}

beforeAll(async () => {
  service = await startEmbeddedService({ BENCHMARK: '1' });
  client = createApiClient({ baseUrl: service.url, apiKey: 'bench-key', lang: 'en' });
  // A pre-game fixture and an active price of one of its books.
  for (const fixtureId of service.simulator.fixtureIds(0)) {
    const entry = Object.entries(service.simulator.fixtureOdds(fixtureId)).flatMap(([, byOdds]) => Object.entries(byOdds)).find(([, p]) => p.active && p.price > 1.2);
    if (entry !== undefined) {
      [oddsId, { price: takenPrice }] = entry;
      break;
    }
  }
  placedAt = 0;
}, 180_000);

afterAll(async () => {
  await service.dispose();
});

describe('refreshBet on a pre-game fixture', () => {
  it('leaves a bet open before kick-off', async () => {
    expect(await refreshBet(client, bet('a', placedAt))).toBeNull();
  });

  it("stores the book's kick-off close, then the grade, and keeps them", async () => {
    const { fixtureId, bookmaker } = parseOddsId(oddsId);
    const { trueStartTime } = service.simulator.kickoff(fixtureId);
    // Frozen, no tick publishes: the kick-off reaches the edge's state (what REST reads) as the admin knob sends it.
    service.simulator.publishPending();
    service.simulator.advance(1000);
    const kickoffMs = Date.parse(trueStartTime ?? '');
    const closed = await refreshBet(client, bet('a', placedAt));
    // The close by hand: the last active price at or before kick-off in the raw history.
    const history = (await raw(`/en/fixtures/odds/historical?fixtureId=${encodeURIComponent(fixtureId)}&oddsIds=${encodeURIComponent(oddsId)}`)) as {
      odds: Record<string, Record<string, Record<string, { price: number; active: boolean; marketActive?: boolean; changedAt: number }>>>;
    };
    const points = Object.values(history.odds[bookmaker]?.[oddsId] ?? {}).filter((p) => p.changedAt <= kickoffMs && p.active && p.marketActive !== false);
    const last = points.reduce((a, b) => (b.changedAt > a.changedAt ? b : a));
    const leg = closed?.legs[0];
    expect(leg?.close).toMatchObject({ kind: 'closed', price: last.price });
    if (closed === null) throw new Error('no close');
    // Every book's close of the selection is stored too (a sharp reference offline): each by hand from its raw history.
    const [, , outcome, player] = oddsId.split(':');
    const clv = (await raw(`/en/fixtures/odds/clv?fixtureId=${encodeURIComponent(fixtureId)}`)) as { odds: Record<string, Record<string, unknown>> };
    const sameSelection = Object.entries(clv.odds).flatMap(([book, byOdds]) => Object.keys(byOdds).filter((id) => id === `${fixtureId}:${book}:${outcome ?? ''}:${player ?? ''}`));
    expect(sameSelection.length).toBeGreaterThan(1);
    const all = (await raw(`/en/fixtures/odds/historical?fixtureId=${encodeURIComponent(fixtureId)}&oddsIds=${sameSelection.map(encodeURIComponent).join(',')}`)) as typeof history;
    const closesByHand = sameSelection.flatMap((id) => {
      const book = id.split(':')[1] ?? '';
      const active = Object.values(all.odds[book]?.[id] ?? {}).filter((p) => p.changedAt <= kickoffMs && p.active && p.marketActive !== false);
      return active.length === 0 ? [] : [{ bookmaker: book, price: active.reduce((a, b) => (b.changedAt > a.changedAt ? b : a)).price }];
    });
    const stored = leg?.close.kind === 'closed' ? leg.close.bookCloses : null;
    expect(stored?.map((b) => ({ bookmaker: b.bookmaker, price: b.price })).sort((a, b) => a.bookmaker.localeCompare(b.bookmaker))).toEqual(closesByHand.sort((a, b) => a.bookmaker.localeCompare(b.bookmaker)));

    // A bet stored before the books' closes were kept gets them added; its stored figures stay as they were.
    if (leg === undefined) throw new Error('no leg');
    const old: TrackedBet = { ...bet('c', placedAt), legs: [{ ...leg, close: { kind: 'closed', price: 9.99, fairPrice: null, consensusPrice: 9.5, bookCloses: null } }] };
    const filled = (await refreshBet(client, old))?.legs[0]?.close;
    expect(filled).toMatchObject({ kind: 'closed', price: 9.99, fairPrice: null, consensusPrice: 9.5 });
    expect(filled?.kind === 'closed' ? filled.bookCloses : null).toEqual(stored);
    expect(betClv(closed)?.priceBased).toBeCloseTo(takenPrice / last.price - 1, 12);
    expect(leg.grade).toBeNull();

    // Taken after kick-off: no closing line.
    expect((await refreshBet(client, bet('b', kickoffMs + 1)))?.legs[0]?.close).toEqual({ kind: 'none', reason: NO_CLOSING_LINE });

    service.simulator.finish(fixtureId);
    // A frozen simulator holds the grades until a tick writes them: run one.
    service.simulator.resume();
    service.simulator.advance(1000);
    service.simulator.freeze();
    const settlement = (await raw(`/en/fixtures/settlement?fixtureId=${encodeURIComponent(fixtureId)}`)) as { selections: { selectionKey: string; grade: string }[] };
    const graded = await refreshBet(client, closed);
    const [, , outcomeId, playerId] = oddsId.split(':');
    const serviceGrade = settlement.selections.find((s) => s.selectionKey === `${fixtureId}:${outcomeId ?? ''}:${playerId ?? ''}`)?.grade;
    expect(serviceGrade).toBeDefined();
    expect(graded?.legs[0]?.grade).toBe(serviceGrade);
    expect(graded?.legs[0]?.close).toEqual(leg.close);
    if (graded === null) throw new Error('no grade');
    // P/L by hand, for the grades a main market gives.
    const byHand: Record<string, number> = { won: Math.round(10 * (takenPrice - 1) * 100) / 100, lost: -10, void: 0, push: 0 };
    expect(betSettlement(graded)?.profit).toBe(byHand[serviceGrade ?? '']);
    // Known figures are not asked again.
    expect(await refreshBet(client, graded)).toBeNull();
  });
});
