// Frame views: a logged frame as one subscription sees it — null when it does not reach that
// subscription, else the frame itself or a variant (fixtures translated to the login's language,
// bookmaker-keyed payloads trimmed to its bookmakers). A variant is built once per (frame, view
// key) and shared by every socket and shape that sees it, live and on replay alike.
import type { DataFrame } from '../../src/wire/stream-schemas.ts';
import type { ReferenceIndex } from '../catalogue/reference-data.ts';
import { localizeView } from '../catalogue/localize.ts';
import type { GatewaySource } from './source.ts';
import { BOOKMAKER_CHANNELS, FUTURE_CHANNELS, reaches, trimByBookmaker, type EventScope, type Subscription } from './subscription.ts';

/** Event scopes looked up during one batch (one lookup per event however many shapes ask). */
export type ScopeCache = Map<string, EventScope | null>;

export class FrameViews {
  /** Per logged frame: its variants by view key (language, bookmaker set); null = nothing to send. */
  private readonly variants = new WeakMap<DataFrame, Map<string, DataFrame | null>>();

  constructor(
    private readonly source: GatewaySource,
    private readonly reference: ReferenceIndex,
  ) {}

  /** The frame as `sub` sees it: null when it does not reach it, else the shared (possibly trimmed or translated) object. */
  viewFor(frame: DataFrame, sub: Subscription, scopes: ScopeCache | null): DataFrame | null {
    const id = idOf(frame);
    if (id === null) return null;
    const scope = this.scopeOf(frame, id, scopes);
    if (scope === null || !reaches(sub, frame.channel, id, scope)) return null;
    if (frame.channel === 'fixtures' && sub.lang !== 'en') {
      const lang = sub.lang;
      return this.variant(frame, `lang:${lang}`, () => ({
        ...frame,
        payload: localizeView(frame.payload as Parameters<typeof localizeView>[0], lang, this.reference),
      }));
    }
    if (BOOKMAKER_CHANNELS.has(frame.channel)) {
      const field = frame.channel === 'bookmakers' ? 'bookmakers' : 'odds';
      const record = frame.payload[field];
      if (record === null || typeof record !== 'object') return null;
      const kept = trimByBookmaker(record as Record<string, unknown>, sub.bookmakers);
      if (kept === record) return frame;
      return this.variant(frame, `bk:${sub.bookmakersKey}`, () => (kept === null ? null : { ...frame, payload: { ...frame.payload, [field]: kept } }));
    }
    return frame;
  }

  private variant(frame: DataFrame, key: string, build: () => DataFrame | null): DataFrame | null {
    let byKey = this.variants.get(frame);
    if (byKey === undefined) {
      byKey = new Map();
      this.variants.set(frame, byKey);
    }
    const cached = byKey.get(key);
    if (cached !== undefined) return cached;
    const built = build();
    byKey.set(key, built);
    return built;
  }

  private scopeOf(frame: DataFrame, id: string, cache: ScopeCache | null): EventScope | null {
    const future = FUTURE_CHANNELS.has(frame.channel);
    const key = future ? `f:${id}` : id;
    const cached = cache?.get(key);
    if (cached !== undefined) return cached;
    const scope = future ? this.source.futureScope(id) : this.source.fixtureScope(id);
    cache?.set(key, scope);
    return scope;
  }
}

function idOf(frame: DataFrame): string | null {
  const id = FUTURE_CHANNELS.has(frame.channel) ? frame.payload.futureId : frame.payload.fixtureId;
  return typeof id === 'string' ? id : null;
}
