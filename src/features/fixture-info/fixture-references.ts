// What the fixture's header and extras point to: the replacement of a cancelled fixture, the
// badge image of a participant, and the fixture's ids at external providers. React-free, so each
// rule is tested on its own; the fixture's text (sides, score, periods, clock) is
// src/domain/fixture-text.ts.
import type { ExternalProviders } from '../../wire/shared-schemas.ts';

/**
 * The replacement of a cancelled fixture as a view states it: the id, null when the view says
 * there is none, undefined when the view does not carry `reissuedFixtureId` at all (spec 2.2
 * puts it on the CLV response only; the embedded service adds it to every view).
 */
export function reissuedFixtureIdOf(view: object): string | null | undefined {
  if (!('reissuedFixtureId' in view)) return undefined;
  const value = view.reissuedFixtureId;
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * The badge image of a participant: the public image that the keyed media redirect
 * (`/{lang}/media/participants/{id}/badge`, docs/api.md) points to. An <img> cannot send the
 * X-API-Key header and the key never goes in a URL, so the page loads the image directly.
 */
export function badgeImageUrl(baseUrl: string, participantId: number): string {
  return `${baseUrl.replace(/\/+$/, '')}/media/badges/${String(participantId)}.svg`;
}

/** One external provider id, for support staff. */
export interface ProviderIdRow {
  /** The provider's slug (`betradar` for the key `betradarId`). */
  readonly provider: string;
  /** The key as the service spells it (`betradarId`). */
  readonly key: string;
  /** The native id as text, or null when the provider has none for this fixture. */
  readonly value: string | null;
}

/** The `externalProviders` map (spec 2.2) as rows sorted by provider. */
export function providerIdRows(externalProviders: ExternalProviders): ProviderIdRow[] {
  return Object.entries(externalProviders)
    .map(([key, value]) => ({ provider: key.endsWith('Id') && key.length > 2 ? key.slice(0, -2) : key, key, value: value === null ? null : String(value) }))
    .sort((a, b) => (a.provider < b.provider ? -1 : a.provider > b.provider ? 1 : 0));
}
