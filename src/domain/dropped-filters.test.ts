import { describe, expect, it } from 'vitest';
import { withoutDropped, withoutDroppedIds } from './dropped-filters.ts';

describe('withoutDropped', () => {
  it('leaves out the sports and bookmakers login_ok dropped and keeps the rest in order', () => {
    const chosen = { sportIds: [14, 10, 11], bookmakers: ['bet365', 'pinnacle', 'sbo'] };
    const dropped = { sports: [{ sportId: 14 }], bookmakers: [{ bookmaker: 'bet365' }] };
    expect(withoutDropped(chosen, dropped)).toEqual({ sportIds: [10, 11], bookmakers: ['pinnacle', 'sbo'] });
  });

  it('returns the chosen filters themselves when nothing was dropped', () => {
    const chosen = { sportIds: [10], bookmakers: ['pinnacle'] };
    expect(withoutDropped(chosen, null)).toBe(chosen);
    expect(withoutDropped(chosen, { sports: [{ sportId: 14 }] })).toBe(chosen);
  });
});

describe('withoutDroppedIds', () => {
  it('leaves out dropped fixtures and futures', () => {
    const dropped = { fixtures: [{ fixtureId: 'f1' }], futures: [{ futureId: 'u1' }] };
    expect(withoutDroppedIds(['f1', 'f2', 'u1', 'u2'], dropped)).toEqual(['f2', 'u2']);
  });
});
