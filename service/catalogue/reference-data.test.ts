import { describe, expect, it } from 'vitest';
import { getCatalogue } from './catalogue.ts';
import { buildReferenceData, currentSeason, indexReferenceData } from './reference-data.ts';
import { CatalogueError, SPORTS } from './sports.ts';
import { LANGS } from './types.ts';

const SEED = 20261122;
const data = buildReferenceData(SEED);
const index = indexReferenceData(data);

function unique(values: readonly (number | string)[]): boolean {
  return new Set(values).size === values.length;
}

describe('buildReferenceData', () => {
  it('gives the same world for the same seed', () => {
    expect(buildReferenceData(SEED)).toEqual(data);
  });

  it('gives another world for another seed', () => {
    const other = buildReferenceData(SEED + 1);
    expect(other.participants.map((p) => p.participantName)).not.toEqual(data.participants.map((p) => p.participantName));
  });

  it('lists the seven sports with translated names', () => {
    expect(data.sports.map((s) => s.sportId)).toEqual(SPORTS.map((s) => s.sportId));
    for (const s of data.sports) for (const lang of LANGS) expect(s.sportName[lang]).not.toBe('');
  });

  it('gives every sport at least two tournaments', () => {
    for (const sport of data.sports) {
      expect(data.tournaments.filter((t) => t.sportId === sport.sportId).length).toBeGreaterThanOrEqual(2);
    }
  });

  it('keeps tournament ids unique and below 1,000,000 (six digits in a fixtureId)', () => {
    const ids = data.tournaments.map((t) => t.tournamentId);
    expect(unique(ids)).toBe(true);
    for (const id of ids) expect(id > 0 && id < 1_000_000).toBe(true);
  });

  it('keeps every other kind of id unique', () => {
    expect(unique(data.seasons.map((s) => s.seasonId))).toBe(true);
    expect(unique(data.participants.map((p) => p.participantId))).toBe(true);
    expect(unique(data.venues.map((v) => v.venueId))).toBe(true);
    expect(unique(data.players.map((p) => p.playerId))).toBe(true);
  });

  it('has a soccer cup besides English, German and Spanish leagues', () => {
    const soccer = data.tournaments.filter((t) => t.sportId === 10);
    expect(soccer.map((t) => t.category.categorySlug)).toEqual(['england', 'germany', 'spain', 'europe']);
    expect(soccer.find((t) => t.format === 'cup')?.participantIds).toHaveLength(32);
  });

  it('draws the cup from the leagues’ own teams', () => {
    const cup = data.tournaments.find((t) => t.format === 'cup' && t.sportId === 10);
    const leagueTeams = new Set(data.tournaments.filter((t) => t.sportId === 10 && t.format === 'league').flatMap((t) => t.participantIds));
    for (const id of cup?.participantIds ?? []) expect(leagueTeams.has(id)).toBe(true);
  });

  it('has ATP and WTA tennis events, one best of five', () => {
    const tennis = data.tournaments.filter((t) => t.sportId === 12);
    expect(new Set(tennis.map((t) => t.category.categorySlug))).toEqual(new Set(['atp', 'wta']));
    expect(tennis.some((t) => t.expectedPeriods === 5)).toBe(true);
  });

  it('translates every category name', () => {
    for (const t of data.tournaments) for (const lang of LANGS) expect(t.category.categoryName[lang].trim()).not.toBe('');
  });

  it('gives each tournament a unique slug', () => {
    expect(unique(data.tournaments.map((t) => t.tournamentSlug))).toBe(true);
  });

  it('gives each tournament a previous and a current season with rounds', () => {
    for (const t of data.tournaments) {
      const seasons = index.seasonsByTournament.get(t.tournamentId) ?? [];
      expect(seasons).toHaveLength(2);
      expect(seasons.filter((s) => s.current)).toHaveLength(1);
      for (const s of seasons) expect(s.rounds).toBeGreaterThan(0);
    }
  });

  it('names seasons across the turn of the year 2026/2027 and calendar seasons 2026', () => {
    const premier = data.tournaments[0];
    if (premier === undefined) throw new Error('no tournaments');
    expect(currentSeason(index, premier.tournamentId)).toMatchObject({ seasonName: '2026/2027', seasonSlug: '2026-2027', rounds: 38 });
    const baseball = data.tournaments.find((t) => t.sportId === 13);
    expect(baseball && currentSeason(index, baseball.tournamentId).seasonName).toBe('2026');
  });

  it('moves the seasons with the seasonYear option', () => {
    const later = buildReferenceData(SEED, { seasonYear: 2030 });
    expect(later.seasons.find((s) => s.current)?.seasonName).toBe('2030/2031');
  });

  it('gives participants names, short names and abbreviations unique within each tournament', () => {
    for (const t of data.tournaments) {
      const members = t.participantIds.map((id) => index.participantById.get(id));
      expect(members.every((p) => p !== undefined)).toBe(true);
      const names = members.map((p) => p?.participantName ?? '');
      const abbrs = members.map((p) => p?.participantAbbr ?? '');
      if (t.format !== 'tour' && t.format !== 'cup') expect(unique(abbrs)).toBe(true);
      expect(unique(names)).toBe(true);
      for (const p of members) {
        expect(p?.participantShortName).not.toBe('');
        expect(p?.participantAbbr).toMatch(/^[A-Z0-9]{2,4}$/u);
      }
    }
  });

  it('gives rotation numbers to teams of North American leagues only', () => {
    const northAmerican = new Set(['usa', 'north-america']);
    for (const t of data.tournaments) {
      for (const id of t.participantIds) {
        const rotation = index.participantById.get(id)?.rotationNumber;
        if (t.format === 'league') expect(rotation !== null, t.tournamentName).toBe(northAmerican.has(t.category.categorySlug));
      }
    }
  });

  it('keeps strengths on a bounded log scale and tempos near 1', () => {
    for (const p of data.participants) {
      expect(Math.abs(p.strength)).toBeLessThanOrEqual(0.7);
      expect(p.tempo).toBeGreaterThanOrEqual(0.85);
      expect(p.tempo).toBeLessThanOrEqual(1.15);
    }
  });

  it('gives team-sport clubs a home venue and tennis and esports events their own', () => {
    for (const p of data.participants.filter((x) => [10, 11, 13, 14, 15].includes(x.sportId))) {
      expect(p.venueId !== null && index.venueById.has(p.venueId)).toBe(true);
    }
    for (const t of data.tournaments.filter((x) => x.sportId === 12 || x.sportId === 83)) {
      expect(t.venueId !== null && index.venueById.has(t.venueId)).toBe(true);
    }
  });

  it('translates venue names and locations and keeps their slugs unique', () => {
    for (const v of data.venues) {
      for (const lang of LANGS) {
        expect(v.venueName[lang].trim()).not.toBe('');
        expect(v.venueLocation[lang].trim()).not.toBe('');
      }
    }
    expect(unique(data.venues.map((v) => v.venueSlug))).toBe(true);
  });

  it('gives every team of a team sport a roster, and tennis players none', () => {
    for (const p of data.participants) {
      const roster = index.playersByParticipant.get(p.participantId) ?? [];
      if (p.sportId === 12) expect(roster).toHaveLength(0);
      else expect(roster.length).toBeGreaterThanOrEqual(5);
    }
  });

  it('keys every player prop rate by a player-prop marketType of its sport’s catalogue', () => {
    const catalogue = getCatalogue();
    for (const player of data.players) {
      const propTypes = new Set((catalogue.bySport.get(player.sportId) ?? []).filter((m) => m.playerProp).map((m) => m.marketType));
      for (const [marketType, rate] of Object.entries(player.propRates)) {
        expect(propTypes.has(marketType), `${player.sportId} ${marketType}`).toBe(true);
        expect(rate).toBeGreaterThan(0);
      }
    }
  });

  it('gives each sport with player props players that can be priced for every prop type', () => {
    const catalogue = getCatalogue();
    for (const sport of data.sports) {
      const propTypes = new Set((catalogue.bySport.get(sport.sportId) ?? []).filter((m) => m.playerProp).map((m) => m.marketType));
      const rated = new Set(data.players.filter((p) => p.sportId === sport.sportId).flatMap((p) => Object.keys(p.propRates)));
      expect(rated).toEqual(propTypes);
    }
  });

  it('includes the bookmaker profiles', () => {
    expect(data.bookmakers.length).toBeGreaterThanOrEqual(12);
  });

  it('counts the world it generates', () => {
    const counts = {
      tournaments: data.tournaments.length,
      seasons: data.seasons.length,
      participants: data.participants.length,
      venues: data.venues.length,
      players: data.players.length,
      bookmakers: data.bookmakers.length,
    };
    console.log('reference data (seed 20261122)', counts);
    expect(counts.participants).toBeGreaterThan(200);
  });

  it('throws CatalogueError for an invalid seed or season year', () => {
    expect(() => buildReferenceData(-1)).toThrow(CatalogueError);
    expect(() => buildReferenceData(1, { seasonYear: 1800 })).toThrow(CatalogueError);
  });
});

describe('currentSeason', () => {
  it('throws CatalogueError for an unknown tournament', () => {
    expect(() => currentSeason(index, 0)).toThrow(CatalogueError);
  });
});
