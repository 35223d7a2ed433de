import { describe, expect, it } from 'vitest';
import { fixtureView } from '../../book/book-test-data.ts';
import { badgeImageUrl, providerIdRows, reissuedFixtureIdOf } from './fixture-references.ts';

describe('reissuedFixtureIdOf', () => {
  it('tells a stated replacement, a stated none, and a view that does not say', () => {
    const view = fixtureView('id1000001761301227', 3);
    expect(reissuedFixtureIdOf({ ...view, reissuedFixtureId: 'id1000001761301228' })).toBe('id1000001761301228');
    expect(reissuedFixtureIdOf({ ...view, reissuedFixtureId: null })).toBeNull();
    expect(reissuedFixtureIdOf(view)).toBeUndefined();
  });
});

describe('badgeImageUrl', () => {
  it('points at the public badge image, never carrying a key', () => {
    expect(badgeImageUrl('http://127.0.0.1:4100/', 42)).toBe('http://127.0.0.1:4100/media/badges/42.svg');
  });
});

describe('providerIdRows', () => {
  it('names each provider from its key, sorted, with ids as text and null kept', () => {
    expect(providerIdRows({ sportradarId: 123, betgeniusId: 'g-9', opticId: null })).toEqual([
      { provider: 'betgenius', key: 'betgeniusId', value: 'g-9' },
      { provider: 'optic', key: 'opticId', value: null },
      { provider: 'sportradar', key: 'sportradarId', value: '123' },
    ]);
  });
});
