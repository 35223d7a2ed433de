// @vitest-environment jsdom
// The sheet shows a disagreement between the service's grade and the domain grader's, never hides
// it. On the embedded service both sides run the same grader, so the data here is fabricated: a
// service that graded Over 2.5 "won" on a 1:1 score.
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SettlementResponse } from '../../wire/rest-schemas.ts';
import type { Market } from '../../wire/reference-schemas.ts';
import { buildSheetRows } from './settlement-sheet.ts';
import { SettlementSheetTable } from './settlement-sheet-table.tsx';

const F = 'id1000001761301227';
const totals: Market = {
  marketId: 1010,
  marketLength: 2,
  sportId: 10,
  playerProp: false,
  handicap: 2.5,
  period: 'result',
  marketType: 'totals',
  marketName: 'Total Goals 2.5',
  marketNameShort: 'O/U',
  outcomes: [
    { outcomeId: 1010, outcomeName: 'Over' },
    { outcomeId: 1011, outcomeName: 'Under' },
  ],
};
const selection = (outcomeId: number, grade: 'won' | 'lost') => ({
  selectionKey: `${F}:${String(outcomeId)}:0`,
  marketId: 1010,
  outcomeId,
  playerId: 0,
  grade,
  rule: `service says ${grade}`,
  score: { participant1Score: 1, participant2Score: 1 },
  settledAt: 1,
});
const settlement: SettlementResponse = {
  fixtureId: F,
  status: { live: false, statusId: 2, statusName: 'Finished' },
  scores: {},
  settledAt: 1,
  // Over 2.5 on 1:1 lost: the first grade is wrong, the second right.
  selections: [selection(1010, 'won'), selection(1011, 'won')],
};

afterEach(cleanup);

describe('the settlement sheet table', () => {
  it('marks a grade the domain grader disagrees with, and says what each side says', () => {
    const rows = buildSheetRows(settlement, new Map([[1010, totals]]), undefined, 0);
    render(<SettlementSheetTable rows={rows} bookmaker={null} names={new Map()} picked={new Set()} onPick={() => undefined} />);
    const over = screen.getByRole('row', { name: /Total Goals 2.5: Over/u });
    expect(within(over).getByRole('alert').textContent).toBe('DISAGREES: the domain grader says lost, the service won (Over 2.5: total 2 < 2.5 → lost)');
    const under = screen.getByRole('row', { name: /Total Goals 2.5: Under/u });
    expect(within(under).queryByRole('alert')).toBeNull();
    expect(within(under).getByText('agrees')).toBeTruthy();
  });
});
