// The opportunities page's URL: what a link or a saved view restores, and how a malformed value
// falls back instead of failing the page.
import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, readParams, scanViewOf } from './opportunity-params.ts';

const read = (query: string) => readParams(new URLSearchParams(query));

describe('readParams', () => {
  it('reads a maximum price for the +EV tab, none by default', () => {
    expect(read('').maxPrice).toBeNull();
    expect(read('maxPrice=5.5').maxPrice).toBe(5.5);
    expect(scanViewOf(read('maxPrice=5.5'), 0, 50).maxPrice).toBe(5.5);
    // The arbitrage tab lists every leg whatever its price.
    expect(scanViewOf(read('tab=arb&maxPrice=5.5'), 0, 50).maxPrice).toBeNull();
  });

  it('drops values outside their range to the default', () => {
    expect(read('maxPrice=1').maxPrice).toBeNull();
    expect(read('flat=-5').flat).toBe(DEFAULT_PARAMS.flat);
    expect(read('kelly=2').kelly).toBe(DEFAULT_PARAMS.kelly);
    expect(read('minEv=abc').minEv).toBe(DEFAULT_PARAMS.minEv);
    expect(read('age=1.5').maxAgeSec).toBeNull();
    expect(read('age=60').maxAgeSec).toBe(60);
  });
});
