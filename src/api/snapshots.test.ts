// Chunking and merging of the snapshot fetchers, with a client that records its calls (the
// fetchers against the real service are in client.service.test.ts).
import { describe, expect, it } from 'vitest';
import type { FixtureViewWithOdds } from '../wire/rest-schemas.ts';
import type { ApiClient, OddsQuery } from './client.ts';
import { chunk, fetchOddsSnapshot } from './snapshots.ts';

/** A view carrying only what the merge reads; the rest of the fixture view is irrelevant here. */
function view(fixtureId: string, startTime: number, books: readonly string[]): FixtureViewWithOdds {
  const odds = Object.fromEntries(books.map((b) => [b, { [`${fixtureId}:${b}:101:0`]: {} }]));
  return { fixtureId, startTime, odds, bookmakers: Object.fromEntries(books.map((b) => [b, {}])) } as unknown as FixtureViewWithOdds;
}

function recordingClient() {
  const calls: OddsQuery[] = [];
  const answer = (query: OddsQuery) => {
    calls.push(query);
    const ids = 'fixtureIds' in query ? query.fixtureIds : [];
    return Promise.resolve(ids.map((id, i) => view(id, 1000 - i, query.bookmakers ?? ['all'])));
  };
  const client = { fixtureOdds: answer, mainOdds: answer } as unknown as ApiClient;
  return { client, calls };
}

describe('chunk', () => {
  it('splits into chunks of at most the size, dropping duplicates', () => {
    expect(chunk(['a', 'b', 'a', 'c'], 2)).toEqual([['a', 'b'], ['c']]);
  });

  it('refuses a size below 1', () => {
    expect(() => chunk(['a'], 0)).toThrow(RangeError);
  });
});

describe('fetchOddsSnapshot', () => {
  it('asks for at most 100 fixtureIds per request', async () => {
    const { client, calls } = recordingClient();
    const ids = Array.from({ length: 250 }, (_, i) => `f${String(i)}`);
    const views = await fetchOddsSnapshot(client, ids, ['pinnacle']);
    expect(calls.map((c) => ('fixtureIds' in c ? c.fixtureIds.length : 0))).toEqual([100, 100, 50]);
    expect(views).toHaveLength(250);
  });

  it('merges the views of one fixture from bookmaker chunks', async () => {
    const { client, calls } = recordingClient();
    const books = Array.from({ length: 101 }, (_, i) => `b${String(i)}`);
    const [merged] = await fetchOddsSnapshot(client, ['f1'], books);
    expect(calls).toHaveLength(2);
    expect(Object.keys(merged?.odds ?? {})).toHaveLength(101);
    expect(Object.keys(merged?.bookmakers ?? {})).toHaveLength(101);
  });

  it('omits the bookmakers parameter when none are chosen', async () => {
    const { client, calls } = recordingClient();
    await fetchOddsSnapshot(client, ['f1'], []);
    expect(calls[0]?.bookmakers).toBeUndefined();
  });

  it('uses /fixtures/odds/main when asked for main lines and passes since', async () => {
    const answers: string[] = [];
    const client = {
      fixtureOdds: () => Promise.resolve(answers.push('all') && []),
      mainOdds: (q: OddsQuery) => Promise.resolve(answers.push(`main since ${String(q.since)}`) && []),
    } as unknown as ApiClient;
    await fetchOddsSnapshot(client, ['f1'], undefined, { mainOnly: true, since: 5 });
    expect(answers).toEqual(['main since 5']);
  });

  it('sorts the result by startTime then fixtureId', async () => {
    const { client } = recordingClient();
    const views = await fetchOddsSnapshot(client, ['x', 'y', 'z'], undefined);
    expect(views.map((v) => v.fixtureId)).toEqual(['z', 'y', 'x']);
  });

  it('asks nothing for no fixtures', async () => {
    const { client, calls } = recordingClient();
    expect(await fetchOddsSnapshot(client, [], undefined)).toEqual([]);
    expect(calls).toHaveLength(0);
  });
});
