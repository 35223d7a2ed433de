// Serialized fixture odds for /fixtures/odds and /fixtures/odds/main (without `since`): each
// fixture's localized view, and per bookmaker its odds and its meta, are kept as UTF-8 JSON
// fragments until their version moves, so an answer is one copy of cached bytes instead of
// copying, serializing and encoding megabytes of entries per request. The bytes are exactly
// JSON.stringify's of the objects.
import type { BookmakerFixtureMeta, FixtureView, OddsEntry } from '../../src/wire/shared-schemas.ts';
import type { ReferenceIndex } from '../catalogue/reference-data.ts';
import type { Lang } from '../catalogue/types.ts';
import { localizeView } from '../catalogue/localize.ts';
import type { FixtureSource, FixtureVersions } from './ports.ts';

/** Which entries of a bookmaker an answer shows: the current (active) ones, main lines or all. */
export type OddsSelection = 'main' | 'all';

/** One serialized piece and the version it was made at; `json` is empty when there is nothing to show. */
interface Fragment {
  readonly version: number;
  readonly json: Buffer;
}

/** bookmaker → fragment, per kind of fragment, of one fixture. */
interface FixtureFragments {
  readonly main: Map<string, Fragment>;
  readonly all: Map<string, Fragment>;
  readonly meta: Map<string, Fragment>;
}

/** Fixtures held before the cache checks which of them the source still knows. */
const SWEEP_AT_LEAST = 512;
/** Whole answers kept for repeated requests (clients poll the same query), by count and by bytes. */
const MAX_ANSWERS = 64;
const MAX_ANSWER_BYTES = 32 * 1024 * 1024;

const EMPTY = Buffer.alloc(0);
const COMMA = Buffer.from(',');
const BOOKMAKERS_OPEN = Buffer.from(',"bookmakers":{');
const ODDS_OPEN = Buffer.from('},"odds":{');
const CLOSE_ELEMENT = Buffer.from('}}');
const ARRAY_OPEN = Buffer.from('[');
const ARRAY_CLOSE = Buffer.from(']');

/** The pieces of a JSON array whose elements are given as byte pieces (one list per element). */
function arrayPieces(elements: readonly (readonly Buffer[])[]): Buffer[] {
  const pieces: Buffer[] = [ARRAY_OPEN];
  elements.forEach((element, index) => {
    if (index > 0) pieces.push(COMMA);
    pieces.push(...element);
  });
  pieces.push(ARRAY_CLOSE);
  return pieces;
}

function samePieces(a: readonly Buffer[], b: readonly Buffer[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The current odds of a bookmaker as the answer shows them (spec 4.3 without `since`: active
 * entries only; main lines only for /fixtures/odds/main), or null when none is left.
 */
export function shownOdds(entries: Readonly<Record<string, OddsEntry>>, selection: OddsSelection): Record<string, OddsEntry> | null {
  const out: Record<string, OddsEntry> = {};
  let any = false;
  for (const [oddsId, entry] of Object.entries(entries)) {
    if (selection === 'main' && !entry.mainLine) continue;
    if (!entry.active) continue;
    out[oddsId] = { ...entry };
    any = true;
  }
  return any ? out : null;
}

export class OddsJsonCache {
  /** View object → language → its JSON without the closing brace. Views are immutable: the simulator builds a new one on every change. */
  private readonly heads = new WeakMap<FixtureView, Map<Lang, Buffer>>();
  private readonly fixtures = new Map<string, FixtureFragments>();
  /** Request key → the pieces of its last answer and their concatenation. */
  private readonly answers = new Map<string, { readonly pieces: readonly Buffer[]; readonly bytes: Buffer }>();
  private answerBytesHeld = 0;
  private sweepAt = SWEEP_AT_LEAST;

  constructor(
    private readonly source: FixtureSource,
    private readonly versions: FixtureVersions,
    private readonly reference: ReferenceIndex,
  ) {}

  /**
   * The UTF-8 JSON of one element of an odds answer, as pieces to concatenate:
   * `{...view, bookmakers, odds}` for the bookmakers in `chosen` (already checked against the
   * key), in the source's own bookmaker order. Null when the view cannot be spliced (it carries
   * its own `bookmakers` or `odds`): serialize that element whole instead.
   */
  fixturePieces(view: FixtureView, lang: Lang, chosen: ReadonlySet<string>, selection: OddsSelection): Buffer[] | null {
    if (Object.hasOwn(view, 'bookmakers') || Object.hasOwn(view, 'odds')) return null;
    const fixtureId = view.fixtureId;
    const fragments = this.fragmentsOf(fixtureId);
    const pieces: Buffer[] = [this.head(view, lang), BOOKMAKERS_OPEN];
    let first = true;
    for (const [slug, meta] of Object.entries(this.source.bookmakers(fixtureId))) {
      if (!chosen.has(slug)) continue;
      if (!first) pieces.push(COMMA);
      pieces.push(this.metaFragment(fragments, fixtureId, slug, meta));
      first = false;
    }
    pieces.push(ODDS_OPEN);
    first = true;
    const byBookmaker = fragments[selection];
    for (const [slug, entries] of Object.entries(this.source.odds(fixtureId))) {
      if (!chosen.has(slug)) continue;
      const json = this.oddsFragment(byBookmaker, fixtureId, slug, entries, selection);
      if (json.length === 0) continue;
      if (!first) pieces.push(COMMA);
      pieces.push(json);
      first = false;
    }
    pieces.push(CLOSE_ELEMENT);
    return pieces;
  }

  /**
   * The bytes of a JSON array of `elements` (from `fixturePieces`). When the request with the same
   * `requestKey` was last answered with the very same fragment objects — nothing it shows has
   * changed since — the same Buffer is returned again, so repeated polls allocate nothing.
   */
  answerBytes(requestKey: string, elements: readonly (readonly Buffer[])[]): Buffer {
    const pieces = arrayPieces(elements);
    const previous = this.answers.get(requestKey);
    if (previous !== undefined && samePieces(previous.pieces, pieces)) return previous.bytes;
    const bytes = Buffer.concat(pieces);
    this.forgetAnswer(requestKey);
    // Insertion order is age: the oldest answers go first when the cache is full.
    for (const oldest of this.answers.keys()) {
      if (this.answers.size < MAX_ANSWERS && this.answerBytesHeld + bytes.length <= MAX_ANSWER_BYTES) break;
      this.forgetAnswer(oldest);
    }
    this.answers.set(requestKey, { pieces, bytes });
    this.answerBytesHeld += bytes.length;
    return bytes;
  }

  private forgetAnswer(requestKey: string): void {
    const answer = this.answers.get(requestKey);
    if (answer === undefined) return;
    this.answers.delete(requestKey);
    this.answerBytesHeld -= answer.bytes.length;
  }

  /** Number of fixtures with cached fragments (tests and diagnostics). */
  get size(): number {
    return this.fixtures.size;
  }

  private head(view: FixtureView, lang: Lang): Buffer {
    let byLang = this.heads.get(view);
    if (byLang === undefined) {
      byLang = new Map();
      this.heads.set(view, byLang);
    }
    let head = byLang.get(lang);
    if (head === undefined) {
      // A view always has fields, so its JSON is `{…}` with at least one member before the brace.
      head = Buffer.from(JSON.stringify(localizeView(view, lang, this.reference)).slice(0, -1));
      byLang.set(lang, head);
    }
    return head;
  }

  private metaFragment(fragments: FixtureFragments, fixtureId: string, slug: string, meta: BookmakerFixtureMeta): Buffer {
    const version = this.versions.metaVersion(fixtureId, slug);
    const cached = fragments.meta.get(slug);
    if (cached?.version === version) return cached.json;
    const json = Buffer.from(`${JSON.stringify(slug)}:${JSON.stringify(meta)}`);
    fragments.meta.set(slug, { version, json });
    return json;
  }

  private oddsFragment(
    byBookmaker: Map<string, Fragment>,
    fixtureId: string,
    slug: string,
    entries: Readonly<Record<string, OddsEntry>>,
    selection: OddsSelection,
  ): Buffer {
    const version = this.versions.oddsVersion(fixtureId, slug);
    const cached = byBookmaker.get(slug);
    if (cached?.version === version) return cached.json;
    const shown = shownOdds(entries, selection);
    const json = shown === null ? EMPTY : Buffer.from(`${JSON.stringify(slug)}:${JSON.stringify(shown)}`);
    byBookmaker.set(slug, { version, json });
    return json;
  }

  private fragmentsOf(fixtureId: string): FixtureFragments {
    let fragments = this.fixtures.get(fixtureId);
    if (fragments === undefined) {
      if (this.fixtures.size >= this.sweepAt) this.sweep();
      fragments = { main: new Map(), all: new Map(), meta: new Map() };
      this.fixtures.set(fixtureId, fragments);
    }
    return fragments;
  }

  /** Drops the fragments of fixtures the source no longer holds (retention), so the cache stays bounded. */
  private sweep(): void {
    for (const fixtureId of this.fixtures.keys()) {
      if (this.source.view(fixtureId) === null) this.fixtures.delete(fixtureId);
    }
    this.sweepAt = Math.max(SWEEP_AT_LEAST, this.fixtures.size * 2);
  }
}
