import { describe, expect, it } from 'vitest';
import { abbreviate, esportsHandle, NAME_POOLS, personName, slugify } from './names.ts';
import { SeededRandom } from './seeded-random.ts';
import { CatalogueError } from './sports.ts';

describe('slugify', () => {
  it('drops diacritics and joins words with hyphens', () => {
    expect(slugify('1. FC Köln')).toBe('1-fc-koln');
    expect(slugify('Atlético Córdoba')).toBe('atletico-cordoba');
    expect(slugify('2026/2027')).toBe('2026-2027');
  });

  it('throws CatalogueError when nothing is left', () => {
    expect(() => slugify('—')).toThrow(CatalogueError);
  });
});

describe('abbreviate', () => {
  it('takes the distinctive word, skipping club forms', () => {
    expect(abbreviate('1. FC Köln', new Set())).toBe('KOL');
    expect(abbreviate('Real Sevilla', new Set())).toBe('SEV');
    expect(abbreviate('Leeds United', new Set())).toBe('LEE');
  });

  it('uses initials of a three-word place and borrows letters after a short first word', () => {
    expect(abbreviate('Salt Lake City', new Set())).toBe('SLC');
    expect(abbreviate('St. Louis', new Set())).toBe('STL');
  });

  it('avoids abbreviations already taken, and records its own', () => {
    const taken = new Set<string>(['BOL']);
    const first = abbreviate('Bolton Wanderers', taken);
    expect(first).not.toBe('BOL');
    expect(taken.has(first)).toBe(true);
    expect(abbreviate('Bolton Albion', taken)).not.toBe(first);
  });

  it('falls back to a digit when every letter combination is taken', () => {
    const taken = new Set<string>(['ABX', 'AB', 'ABB']);
    expect(abbreviate('Ab', taken)).toBe('AB2');
  });

  it('throws CatalogueError for a name with fewer than two letters', () => {
    expect(() => abbreviate('X', new Set())).toThrow(CatalogueError);
  });
});

describe('personName', () => {
  it('composes a name from the nationality pool', () => {
    const { first, last, full } = personName(new SeededRandom(1), 'deu', 'female', new Set());
    expect(NAME_POOLS.deu?.female).toContain(first);
    expect(NAME_POOLS.deu?.last).toContain(last);
    expect(full).toBe(`${first} ${last}`);
  });

  it('never repeats a name within one taken set, even past the pool size', () => {
    const rng = new SeededRandom(2);
    const taken = new Set<string>();
    const names = Array.from({ length: 80 }, () => personName(rng, 'grc', 'female', taken).full);
    expect(new Set(names).size).toBe(80);
  });

  it('throws CatalogueError for a country without a pool', () => {
    expect(() => personName(new SeededRandom(1), 'xxx', 'male', new Set())).toThrow(CatalogueError);
  });
});

describe('esportsHandle', () => {
  it('gives distinct handles', () => {
    const rng = new SeededRandom(4);
    const taken = new Set<string>();
    const handles = Array.from({ length: 300 }, () => esportsHandle(rng, taken));
    expect(new Set(handles).size).toBe(300);
  });
});
