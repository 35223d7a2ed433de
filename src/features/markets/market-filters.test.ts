import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { marketCatalogueStateToParams, parseMarketCatalogueState } from './market-filters.ts';

const parse = (query: string) => parseMarketCatalogueState(new URLSearchParams(query));

describe('parseMarketCatalogueState', () => {
  it('reads search, list filters, player prop, lines and multi-level sort', () => {
    expect(parse('q=goals&sport=10,11&type=totals&period=p1&prop=false&line=2.5,-1.5&lineMin=-2&sort=-handicap,marketName')).toEqual({
      filters: {
        search: 'goals',
        sportIds: [10, 11],
        marketTypes: ['totals'],
        periods: ['p1'],
        playerProp: false,
        line: { values: [2.5, -1.5], min: -2 },
      },
      sorting: [
        { id: 'handicap', desc: true },
        { id: 'marketName', desc: false },
      ],
      problems: [],
    });
  });

  it('drops bad values one by one and names them', () => {
    const { filters, sorting, problems } = parse('sport=10,x&prop=yes&line=abc&sort=price,-marketId');
    expect(filters).toEqual({ sportIds: [10] });
    expect(sorting).toEqual([{ id: 'marketId', desc: true }]);
    expect(problems).toEqual([
      'Ignored sport=x: a sportId is a positive whole number.',
      'Ignored prop=yes: prop is true (player props only) or false (none).',
      'Ignored line=abc: a line is a number such as -1.5.',
      'Ignored sort=price: not a sortable column.',
    ]);
  });

  it('keeps the first of a column sorted twice', () => {
    expect(parse('sort=marketId,-marketId').sorting).toEqual([{ id: 'marketId', desc: false }]);
  });

  it('writes back what it reads, so a link round-trips', () => {
    fc.assert(
      fc.property(
        fc.dictionary(fc.constantFrom('q', 'sport', 'type', 'period', 'prop', 'line', 'lineMin', 'lineMax', 'sort'), fc.string()),
        (record) => {
          const { filters, sorting } = parseMarketCatalogueState(new URLSearchParams(record));
          const again = parseMarketCatalogueState(marketCatalogueStateToParams({ filters, sorting }));
          expect({ filters: again.filters, sorting: again.sorting }).toEqual({ filters, sorting });
        },
      ),
    );
  });
});
