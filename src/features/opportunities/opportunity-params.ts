// The opportunities page's state, kept in the URL's search params so a view is restorable from a
// link (and a saved view is a URL): tab, filters, sort, stake settings. Unknown or malformed
// values fall back to the defaults rather than failing the page.
import { DEVIG_METHODS, type DevigMethod } from '../../domain/devig.ts';
import type { ArbSortId, EvSortId, LiveFilter, OpportunityTab, ScanView } from '../../book/opportunity-scanner.ts';

export type StakeMode = 'flat' | 'kelly';

export interface OpportunityParams {
  readonly tab: OpportunityTab;
  readonly sports: readonly number[];
  readonly families: readonly string[];
  /** Books I can bet at; empty: every book. */
  readonly books: readonly string[];
  readonly live: LiveFilter;
  /** Minimum EV % (EV tab) and guaranteed return % (arbitrage tab). */
  readonly minEv: number;
  readonly minArb: number;
  /** Maximum quote age, seconds; null: any. */
  readonly maxAgeSec: number | null;
  /** Highest decimal price on the +EV tab; null: any. */
  readonly maxPrice: number | null;
  readonly sort: { readonly id: EvSortId | ArbSortId; readonly desc: boolean };
  readonly method: DevigMethod;
  readonly stakeMode: StakeMode;
  /** Flat stake per EV bet. */
  readonly flat: number;
  readonly bankroll: number;
  /** The share of full Kelly staked (0.25: quarter Kelly). */
  readonly kelly: number;
  /** Total stake of an arbitrage. */
  readonly total: number;
  readonly currency: string;
}

export const DEFAULT_PARAMS: OpportunityParams = {
  tab: 'ev',
  sports: [],
  families: [],
  books: [],
  live: 'all',
  minEv: 1,
  minArb: 0,
  maxAgeSec: null,
  maxPrice: null,
  sort: { id: 'ev', desc: true },
  method: 'multiplicative',
  stakeMode: 'flat',
  flat: 10,
  bankroll: 1000,
  kelly: 0.25,
  total: 100,
  currency: 'EUR',
};

/** The range of each number the page takes (the URL parser and the fields' messages share them). */
export const LIMITS = {
  minEv: { min: 0, max: 100 },
  minArb: { min: 0, max: 100 },
  maxPrice: { min: 1.01, max: 10_000 },
  flat: { min: 0.01, max: 1e9 },
  bankroll: { min: 0.01, max: 1e12 },
  kelly: { min: 0.01, max: 1 },
  total: { min: 0.01, max: 1e12 },
} as const;

const EV_SORTS: readonly EvSortId[] = ['ev', 'price', 'fair', 'age', 'fixture', 'book', 'selection'];
const ARB_SORTS: readonly ArbSortId[] = ['profit', 'age', 'fixture', 'market'];

function list(params: URLSearchParams, name: string): string[] {
  return (params.get(name) ?? '').split(',').filter((part) => part !== '');
}

function number(params: URLSearchParams, name: keyof typeof LIMITS, fallback: number): number;
function number(params: URLSearchParams, name: keyof typeof LIMITS, fallback: null): number | null;
function number(params: URLSearchParams, name: keyof typeof LIMITS, fallback: number | null): number | null {
  const text = params.get(name);
  if (text === null || text.trim() === '') return fallback;
  const value = Number(text);
  const { min, max } = LIMITS[name];
  return Number.isFinite(value) && value >= min && value <= max ? value : fallback;
}

/** A whole number of seconds from 1 to a day, or null. */
function seconds(params: URLSearchParams, name: string): number | null {
  const text = params.get(name);
  if (text === null || text.trim() === '') return null;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= 86_400 ? value : null;
}

/** The page's state from the URL. */
export function readParams(params: URLSearchParams): OpportunityParams {
  const tab: OpportunityTab = params.get('tab') === 'arb' ? 'arb' : 'ev';
  const sortText = params.get('sort') ?? '';
  const desc = !sortText.startsWith('+');
  const sortId = sortText.replace(/^[+-]/u, '');
  const sorts: readonly string[] = tab === 'ev' ? EV_SORTS : ARB_SORTS;
  const live = params.get('live');
  const currency = (params.get('cur') ?? '').toUpperCase();
  return {
    tab,
    sports: list(params, 'sports').map(Number).filter((id) => Number.isInteger(id) && id > 0),
    families: list(params, 'families'),
    books: list(params, 'books'),
    live: live === 'live' || live === 'pregame' ? live : 'all',
    minEv: number(params, 'minEv', DEFAULT_PARAMS.minEv),
    minArb: number(params, 'minArb', DEFAULT_PARAMS.minArb),
    maxAgeSec: seconds(params, 'age'),
    maxPrice: number(params, 'maxPrice', null),
    sort: sorts.includes(sortId) ? { id: sortId as EvSortId | ArbSortId, desc } : { id: tab === 'ev' ? 'ev' : 'profit', desc: true },
    method: DEVIG_METHODS.find((m) => m === params.get('devig')) ?? DEFAULT_PARAMS.method,
    stakeMode: params.get('stake') === 'kelly' ? 'kelly' : 'flat',
    flat: number(params, 'flat', DEFAULT_PARAMS.flat),
    bankroll: number(params, 'bankroll', DEFAULT_PARAMS.bankroll),
    kelly: number(params, 'kelly', DEFAULT_PARAMS.kelly),
    total: number(params, 'total', DEFAULT_PARAMS.total),
    currency: /^[A-Z]{3}$/u.test(currency) ? currency : DEFAULT_PARAMS.currency,
  };
}

/** The sort as a URL value: `-ev` descending, `+ev` ascending. */
export function sortParam(sort: OpportunityParams['sort']): string {
  return `${sort.desc ? '-' : '+'}${sort.id}`;
}

/** What the worker is asked for: the page's filters with the rows in view. */
export function scanViewOf(state: OpportunityParams, offset: number, limit: number): ScanView {
  return {
    tab: state.tab,
    sports: state.sports,
    families: state.families,
    live: state.live,
    minPercent: state.tab === 'ev' ? state.minEv : state.minArb,
    maxAgeSec: state.maxAgeSec,
    maxPrice: state.tab === 'ev' ? state.maxPrice : null,
    sort: state.sort,
    offset,
    limit,
  };
}
