// The settlement page's grader against the real embedded service on loopback: on a finished,
// settled fixture, the domain grader (src/domain/settlement.ts, as the page runs it) gives every
// selection the service graded on a score the same grade and the same rule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../src/api/client.ts';
import { startEmbeddedService, type EmbeddedService } from './embedded-service.ts';
import type { SettlementResponse } from '../src/wire/rest-schemas.ts';
import type { Market } from '../src/wire/reference-schemas.ts';
import { domainGrade } from '../src/features/settlement/settlement-lookup.ts';

let service: EmbeddedService;
let client: ApiClient;
let settlement: SettlementResponse;
let markets: Map<number, Market>;

beforeAll(async () => {
  service = await startEmbeddedService({ BENCHMARK: '1' });
  client = createApiClient({ baseUrl: service.url, apiKey: 'bench-key', lang: 'en' });
  // The finished fixture with the most graded selections: the widest check.
  let best: SettlementResponse | null = null;
  for (const fixtureId of service.simulator.fixtureIds(2).slice(0, 12)) {
    const answer = await client.settlement({ fixtureId });
    if (answer.settledAt !== null && (best === null || answer.selections.length > best.selections.length)) best = answer;
  }
  if (best === null) throw new Error('the embedded service has no settled fixture');
  settlement = best;
  const marketIds = [...new Set(settlement.selections.map((s) => s.marketId))];
  const records: Market[] = [];
  for (let i = 0; i < marketIds.length; i += 1000) records.push(...(await client.markets({ marketIds: marketIds.slice(i, i + 1000) })));
  markets = new Map(records.map((m) => [m.marketId, m]));
}, 180_000);

afterAll(async () => {
  await service.dispose();
});

describe('the settlement page grader on a finished fixture', () => {
  it('grades at least 20 selections on a score', () => {
    const graded = settlement.selections.filter((s) => domainGrade(markets.get(s.marketId), s).ok);
    expect(graded.length).toBeGreaterThanOrEqual(20);
  });

  it("gives every selection graded on a score the service's grade", () => {
    const disagreements = settlement.selections.flatMap((s) => {
      const mine = domainGrade(markets.get(s.marketId), s);
      return mine.ok && mine.result.grade !== s.grade ? [`${s.selectionKey}: service ${s.grade}, domain ${mine.result.grade}`] : [];
    });
    expect(disagreements).toEqual([]);
  });

  it("states the service's rule for every selection graded on a score", () => {
    const disagreements = settlement.selections.flatMap((s) => {
      const mine = domainGrade(markets.get(s.marketId), s);
      // A player prop's rule carries the player's count in front of the grader's rule.
      return mine.ok && !s.rule.endsWith(mine.result.rule) ? [`${s.selectionKey}: "${s.rule}" vs "${mine.result.rule}"`] : [];
    });
    expect(disagreements).toEqual([]);
  });

  it('leaves only void or event-settled selections without a score grade', () => {
    const others = settlement.selections.filter((s) => {
      const mine = domainGrade(markets.get(s.marketId), s);
      return !mine.ok && s.grade !== 'void' && s.score !== null && !/first|qualif|race/u.test(markets.get(s.marketId)?.marketType ?? '');
    });
    expect(others.map((s) => `${s.selectionKey} ${s.rule}`)).toEqual([]);
  });
});
