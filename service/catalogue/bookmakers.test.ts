import { describe, expect, it } from 'vitest';
import { betslipUrl, BOOKMAKERS, bookmakerBySlug, bookmakersForSport } from './bookmakers.ts';
import { CatalogueError, SPORTS } from './sports.ts';

const SLUG = /^[a-z0-9-]{1,40}$/u;

describe('the bookmakers', () => {
  it('number at least 12 with unique slugs the oddsId format accepts', () => {
    expect(BOOKMAKERS.length).toBeGreaterThanOrEqual(12);
    expect(new Set(BOOKMAKERS.map((b) => b.bookmaker)).size).toBe(BOOKMAKERS.length);
    for (const b of BOOKMAKERS) expect(b.bookmaker).toMatch(SLUG);
  });

  it('include the slugs the brief names', () => {
    const slugs = BOOKMAKERS.map((b) => b.bookmaker);
    for (const slug of ['pinnacle', 'bet365', 'williamhill', 'draftkings', 'fanduel', 'betmgm', 'unibet', 'bwin', 'betway', '888sport', 'betfair-ex', 'polymarket', 'caesars']) {
      expect(slugs).toContain(slug);
    }
  });

  it('state the three freshness bounds, positive where the delivery mode exists', () => {
    for (const b of BOOKMAKERS) {
      expect(b.maxDelayPregameInSec).toBeGreaterThan(0);
      expect(b.maxDelayPregameMainInSec).toBeGreaterThan(0);
      if (b.offersLive) expect(b.maxDelayLiveInSec).toBeGreaterThan(0);
      else expect(b.maxDelayLiveInSec).toBeNull();
    }
  });

  it('refresh main lines at least as often as all pre-match lines, and live fastest', () => {
    for (const b of BOOKMAKERS) {
      expect(b.maxDelayPregameMainInSec ?? 0).toBeLessThanOrEqual(b.maxDelayPregameInSec ?? 0);
      if (b.maxDelayLiveInSec !== null) expect(b.maxDelayLiveInSec).toBeLessThanOrEqual(b.maxDelayPregameMainInSec ?? 0);
    }
  });

  it('keep margins within each kind’s band', () => {
    const bands = { sharp: [0.02, 0.03], retail: [0.045, 0.08], exchange: [0, 0.01], prediction: [0.02, 0.04] } as const;
    for (const b of BOOKMAKERS) {
      const [low, high] = bands[b.kind];
      expect(b.margin, b.bookmaker).toBeGreaterThanOrEqual(low);
      expect(b.margin, b.bookmaker).toBeLessThanOrEqual(high);
      expect(b.altMargin).toBeGreaterThanOrEqual(b.margin);
    }
  });

  it('have one exchange on the Betfair ladder and prediction markets quoting probabilities', () => {
    const exchanges = BOOKMAKERS.filter((b) => b.kind === 'exchange');
    expect(exchanges.map((b) => b.bookmaker)).toEqual(['betfair-ex']);
    expect(exchanges[0]?.rounding).toEqual({ kind: 'ladder', ladder: 'betfair' });
    for (const b of BOOKMAKERS.filter((x) => x.kind === 'prediction')) expect(b.rounding.kind).toBe('probability');
  });

  it('leave some books without SGP, among them the prediction markets', () => {
    const withoutSgp = BOOKMAKERS.filter((b) => b.sgp === null).map((b) => b.bookmaker);
    expect(withoutSgp.length).toBeGreaterThanOrEqual(3);
    expect(withoutSgp).toContain('polymarket');
    expect(withoutSgp).toContain('pinnacle');
  });

  it('price SGPs with a margin above the singles margin and a leg cap within the spec’s 20', () => {
    for (const b of BOOKMAKERS) {
      if (b.sgp === null) continue;
      expect(b.sgp.margin).toBeGreaterThan(b.margin);
      expect(b.sgp.maxLegs).toBeLessThanOrEqual(20);
    }
  });

  it('have https betslip templates with both placeholders', () => {
    for (const b of BOOKMAKERS) {
      expect(b.betslipUrlTemplate.startsWith('https://')).toBe(true);
      expect(b.betslipUrlTemplate).toContain('{bookmakerFixtureId}');
      expect(b.betslipUrlTemplate).toContain('{selections}');
    }
  });

  it('cover only known sports, every sport by several books', () => {
    const known = new Set(SPORTS.map((s) => s.sportId));
    for (const b of BOOKMAKERS) for (const id of b.sportIds) expect(known.has(id)).toBe(true);
    for (const sport of SPORTS) expect(bookmakersForSport(sport.sportId).length).toBeGreaterThanOrEqual(5);
  });

  it('make the first book the sharp reference with no lag', () => {
    expect(BOOKMAKERS[0]).toMatchObject({ bookmaker: 'pinnacle', kind: 'sharp', lagSec: 0 });
  });

  it('differ in behaviour: no two books share margin, lag and rounding', () => {
    const signatures = BOOKMAKERS.map((b) => JSON.stringify([b.margin, b.lagSec, b.rounding, b.sgp?.margin ?? null, b.quoteNoise]));
    expect(new Set(signatures).size).toBe(BOOKMAKERS.length);
  });
});

describe('bookmakerBySlug', () => {
  it('finds a profile by slug', () => {
    expect(bookmakerBySlug('betfair-ex').kind).toBe('exchange');
  });

  it('throws CatalogueError for an unknown slug', () => {
    expect(() => bookmakerBySlug('acme')).toThrow(CatalogueError);
  });
});

describe('betslipUrl', () => {
  it('fills in the fixture and the URL-encoded selections', () => {
    const url = betslipUrl(bookmakerBySlug('draftkings'), 'dk 42', ['a/1', 'b2']);
    expect(url).toBe('https://sportsbook.draftkings.com/event/dk%2042?outcomes=a%2F1,b2');
  });

  it('throws CatalogueError without selections', () => {
    expect(() => betslipUrl(bookmakerBySlug('bet365'), 'x', [])).toThrow(CatalogueError);
  });
});
