import { describe, expect, it } from 'vitest';
import { sportSchema, tournamentSchema } from '../../src/wire/shared-schemas.ts';
import { bookmakerSchema, marketSchema, playerSchema, seasonSchema, venueSchema } from '../../src/wire/reference-schemas.ts';
import { BOOKMAKERS } from './bookmakers.ts';
import { getCatalogue } from './catalogue.ts';
import {
  toBookmakerRecord,
  toMarketRecord,
  toParticipantRecord,
  toPlayerRecord,
  toSeasonRecord,
  toSportRecord,
  toTournamentRecord,
  toVenueRecord,
} from './records.ts';
import { buildReferenceData } from './reference-data.ts';

const data = buildReferenceData(1);

function first<T>(items: readonly T[]): T {
  const item = items[0];
  if (item === undefined) throw new Error('empty list');
  return item;
}

describe('listing records', () => {
  it('render a sport with its name in the requested language', () => {
    const soccer = first(data.sports);
    expect(toSportRecord(soccer, 'de')).toEqual({ sportId: 10, sportName: 'Fußball', sportSlug: 'soccer' });
    expect(sportSchema.safeParse(toSportRecord(soccer, 'en')).success).toBe(true);
  });

  it('render a tournament with its category translated', () => {
    const record = toTournamentRecord(first(data.tournaments), 'fr');
    expect(Object.keys(record)).toEqual(['tournamentId', 'tournamentName', 'tournamentSlug', 'sportId', 'categoryName', 'categorySlug']);
    expect(record.categoryName).toBe('Angleterre');
    expect(tournamentSchema.safeParse(record).success).toBe(true);
  });

  it('render a participant with its short name and abbreviation', () => {
    const participant = first(data.participants);
    expect(toParticipantRecord(participant)).toEqual({
      participantId: participant.participantId,
      participantName: participant.participantName,
      participantShortName: participant.participantShortName,
      participantAbbr: participant.participantAbbr,
      sportId: participant.sportId,
    });
  });

  it('render a venue in the wire shape with translated name and location', () => {
    const record = toVenueRecord(first(data.venues), 'zh');
    expect(venueSchema.safeParse(record).success).toBe(true);
    expect(record.venueLocation).toMatch(/^英格兰/u);
  });

  it('render seasons and players in the spec 2.7 shapes', () => {
    expect(seasonSchema.safeParse(toSeasonRecord(first(data.seasons))).success).toBe(true);
    const player = toPlayerRecord(first(data.players));
    expect(Object.keys(player)).toEqual(['playerId', 'playerName']);
    expect(playerSchema.safeParse(player).success).toBe(true);
  });

  it('render every bookmaker with its freshness bounds in the wire shape', () => {
    for (const profile of BOOKMAKERS) expect(bookmakerSchema.safeParse(toBookmakerRecord(profile)).success).toBe(true);
  });

  it('render every catalogue market in the wire Market shape in every language', () => {
    const { markets } = getCatalogue();
    for (const lang of ['en', 'de', 'fr', 'zh'] as const) {
      for (const market of markets) expect(marketSchema.safeParse(toMarketRecord(market, lang)).success).toBe(true);
    }
  });

  it('render a market name as the requested language’s string', () => {
    const market = getCatalogue().byMarketId.get(101);
    if (market === undefined) throw new Error('market 101 missing');
    expect(toMarketRecord(market, 'zh').marketName).toBe('胜平负');
  });
});
