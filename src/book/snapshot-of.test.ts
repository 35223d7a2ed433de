import { describe, expect, it } from 'vitest';
import { FIXTURE_ID, fixtureView, meta, oddsEntry, oddsIdOf } from './book-test-data.ts';
import { snapshotOf } from './snapshot-of.ts';

const OTHER_ID = 'sr10000002x1';
const UPDATED = '2026-01-01T00:00:00Z';

describe('snapshotOf', () => {
  it('makes a list of fixture views a seed of the fixtures, scores and clocks of those fixtures', () => {
    const views = [fixtureView(FIXTURE_ID, 1), fixtureView(OTHER_ID, 0)];
    expect(snapshotOf({ views })).toEqual({
      channels: ['fixtures', 'scores', 'clocks'],
      fixtureIds: [FIXTURE_ID, OTHER_ID],
      futureIds: [],
      bookmakers: [],
      fixtures: views,
      odds: [],
      futuresOdds: [],
    });
  });

  it('puts a fixture view with odds in all five fixture channels, its prices and metas in one row', () => {
    const price = oddsEntry(10, 2.5, 'pinnacle', 101);
    const view = {
      ...fixtureView(FIXTURE_ID, 1),
      odds: { pinnacle: { [oddsIdOf(101)]: price } },
      bookmakers: { pinnacle: meta('pinnacle', UPDATED), bet365: meta('bet365', UPDATED) },
    };
    const snapshot = snapshotOf({ views: [view], odds: [view], metas: [view] });
    expect(snapshot.channels).toEqual(['fixtures', 'scores', 'clocks', 'odds', 'bookmakers']);
    expect(snapshot.fixtureIds).toEqual([FIXTURE_ID]);
    expect(snapshot.odds).toEqual([{ fixtureId: FIXTURE_ID, odds: view.odds, bookmakers: view.bookmakers }]);
    // Asked for every bookmaker of the key: those the answer holds (bet365 has a meta, no price).
    expect(snapshot.bookmakers).toEqual(['pinnacle', 'bet365']);
  });

  it('keeps the bookmakers asked for when there are some', () => {
    const snapshot = snapshotOf({ odds: [{ fixtureId: FIXTURE_ID, odds: {} }], bookmakers: ['pinnacle', 'betfair'] });
    expect(snapshot.bookmakers).toEqual(['pinnacle', 'betfair']);
  });

  it('makes metas alone a seed of the bookmakers channel, with no prices', () => {
    const metas = { pinnacle: meta('pinnacle', UPDATED) };
    const snapshot = snapshotOf({ metas: [{ fixtureId: FIXTURE_ID, bookmakers: metas }] });
    expect(snapshot.channels).toEqual(['bookmakers']);
    expect(snapshot.odds).toEqual([{ fixtureId: FIXTURE_ID, odds: {}, bookmakers: metas }]);
  });

  it('brings the channel of a part even when that part is empty (an answer with no prices says so)', () => {
    const snapshot = snapshotOf({ odds: [{ fixtureId: FIXTURE_ID, odds: {} }], bookmakers: ['pinnacle'] });
    expect(snapshot.channels).toEqual(['odds']);
    expect(snapshot.fixtureIds).toEqual([FIXTURE_ID]);
    expect(snapshotOf({ futuresOdds: [] }).channels).toEqual(['oddsFutures']);
  });

  it('scopes futures prices by the futures they hold unless told which were asked for', () => {
    const futuresOdds = [{ futureId: 'f1', odds: { pinnacle: {} } }];
    expect(snapshotOf({ futuresOdds })).toMatchObject({ channels: ['oddsFutures'], futureIds: ['f1'], bookmakers: ['pinnacle'], fixtureIds: [] });
    expect(snapshotOf({ futuresOdds, futureIds: ['f1', 'f2'] }).futureIds).toEqual(['f1', 'f2']);
  });
});
