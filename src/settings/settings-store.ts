// The dashboard's settings (which service, which key, language, odds format, chosen bookmakers and
// sports, theme) as a zustand store persisted to localStorage. What is read back is checked field
// by field: a corrupt or foreign value falls back to its default, never crashes the app.
// First: zod's eval probe must not run before jitless is set (the page's CSP forbids eval), and
// this store may land in a chunk that runs before main.tsx's own import of it.
import '../components/zod-jitless.ts';
import { z } from 'zod';
import { create, type Mutate, type StoreApi, type UseBoundStore } from 'zustand';
import { persist, type StateStorage } from 'zustand/middleware';
import { ODDS_FORMATS, type OddsFormat } from '../domain/odds-format.ts';
import { TIME_ZONE_SETTINGS, type TimeZoneSetting } from '../domain/time-format.ts';
import { LANGS, normalizeBaseUrl, type Lang } from '../api/client.ts';
import { safePersistStorage } from './safe-storage.ts';

export const SETTINGS_STORAGE_KEY = 'odds-explorer.settings.v1';
const SETTINGS_VERSION = 1;

/** The key of the embedded service's demo; used only when talking to the embedded service. */
export const EMBEDDED_DEMO_KEY = 'demo-key';

export const THEMES = ['light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export interface Settings {
  /** The service, without a trailing slash. Default: the origin that served the dashboard. */
  readonly baseUrl: string;
  /** The key the user entered; null = none entered (the embedded service then gets `demo-key`). */
  readonly apiKey: string | null;
  readonly lang: Lang;
  readonly oddsFormat: OddsFormat;
  /** Chosen bookmaker slugs; empty means every bookmaker of the key. */
  readonly bookmakers: readonly string[];
  /** Chosen sport ids; empty means every sport of the key. */
  readonly sportIds: readonly number[];
  readonly theme: Theme;
  /** Times are shown in the browser's own zone or in UTC, the zone always named. */
  readonly timeZone: TimeZoneSetting;
}

export interface SettingsActions {
  /**
   * Changes some settings; a `baseUrl` is normalised (callers validate it first with `checkBaseUrl`).
   * A change of service (base URL or key) also empties the chosen bookmakers and sports unless the
   * patch sets them: they are the old service's ids, which the new one may refuse (spec 5.8).
   */
  readonly update: (patch: Partial<Settings>) => void;
  /** Back to the defaults (the embedded service, its demo key). */
  readonly reset: () => void;
}

export type SettingsState = Settings & SettingsActions;
export type SettingsStore = UseBoundStore<Mutate<StoreApi<SettingsState>, [['zustand/persist', Settings]]>>;

/** Where the dashboard runs, for the defaults. */
export interface SettingsEnvironment {
  /** The origin that served the dashboard, e.g. `http://127.0.0.1:4100`: the embedded service. */
  readonly origin: string;
  /** The system prefers a dark theme. */
  readonly prefersDark: boolean;
}

/** Where `npm start` serves the embedded service; the default when the page's origin is not http(s) (a file). */
const FALLBACK_BASE_URL = 'http://127.0.0.1:4100';

export function defaultSettings(env: SettingsEnvironment): Settings {
  return {
    baseUrl: checkBaseUrl(env.origin) === null ? normalizeBaseUrl(env.origin) : FALLBACK_BASE_URL,
    apiKey: null,
    lang: 'en',
    oddsFormat: 'decimal',
    bookmakers: [],
    sportIds: [],
    theme: env.prefersDark ? 'dark' : 'light',
    timeZone: 'local',
  };
}

/**
 * The key to send: the one entered, else `demo-key` when `baseUrl` is the embedded service (the
 * dashboard's own origin), else '' (the client then fails with a local 401 that leads to the settings).
 */
export function effectiveApiKey(settings: Pick<Settings, 'apiKey' | 'baseUrl'>, origin: string): string {
  if (settings.apiKey !== null && settings.apiKey !== '') return settings.apiKey;
  return isEmbeddedService(settings.baseUrl, origin) ? EMBEDDED_DEMO_KEY : '';
}

/**
 * Which service the settings talk to, as the key sees it: the base URL and the key sent. A change
 * of it is a new world (ids, cursors, prices of the old service mean nothing to the new one). The
 * key is only compared in memory, never stored or logged.
 */
export function serviceIdentity(settings: Pick<Settings, 'apiKey' | 'baseUrl'>, origin: string): string {
  return `${settings.baseUrl}\u0000${effectiveApiKey(settings, origin)}`;
}

/** True when `baseUrl` is the origin that served the dashboard (the embedded service). */
export function isEmbeddedService(baseUrl: string, origin: string): boolean {
  try {
    return normalizeBaseUrl(baseUrl) === normalizeBaseUrl(origin);
  } catch {
    return false;
  }
}

/** Null when `baseUrl` is usable, else the sentence saying what is wrong with it. */
export function checkBaseUrl(baseUrl: string): string | null {
  try {
    normalizeBaseUrl(baseUrl);
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : 'The base URL is not valid.';
  }
}

const baseUrlSchema = z.string().refine((url) => checkBaseUrl(url) === null).transform((url) => normalizeBaseUrl(url));
const fieldSchemas = {
  baseUrl: baseUrlSchema,
  apiKey: z.string().max(500).nullable(),
  lang: z.enum(LANGS),
  oddsFormat: z.enum(ODDS_FORMATS as [OddsFormat, ...OddsFormat[]]),
  bookmakers: z.array(z.string().min(1).max(100)).max(500),
  sportIds: z.array(z.number().int().positive()).max(500),
  theme: z.enum(THEMES),
  timeZone: z.enum(TIME_ZONE_SETTINGS),
} satisfies { [K in keyof Settings]: z.ZodType<Settings[K]> };

/**
 * Settings read back from storage: each field that is present and valid, every other field
 * (missing, wrong type, foreign value) from `defaults`. Never throws.
 */
export function readSettings(stored: unknown, defaults: Settings): Settings {
  const record: Record<string, unknown> = typeof stored === 'object' && stored !== null ? (stored as Record<string, unknown>) : {};
  const field = <K extends keyof Settings>(name: K): Settings[K] => {
    const parsed = fieldSchemas[name].safeParse(record[name]);
    return parsed.success ? (parsed.data as Settings[K]) : defaults[name];
  };
  return {
    baseUrl: field('baseUrl'),
    apiKey: field('apiKey'),
    lang: field('lang'),
    oddsFormat: field('oddsFormat'),
    bookmakers: [...new Set(field('bookmakers'))],
    sportIds: [...new Set(field('sportIds'))],
    theme: field('theme'),
    timeZone: field('timeZone'),
  };
}

function pickSettings(state: Settings): Settings {
  const { baseUrl, apiKey, lang, oddsFormat, bookmakers, sportIds, theme, timeZone } = state;
  return { baseUrl, apiKey, lang, oddsFormat, bookmakers, sportIds, theme, timeZone };
}

/**
 * A settings store persisted in `storage` under `odds-explorer.settings.v1`. Hydrates at once
 * from a synchronous storage (localStorage), so the first render already has the stored settings.
 */
export function createSettingsStore(options: { readonly storage: StateStorage; readonly env: SettingsEnvironment }): SettingsStore {
  const defaults = defaultSettings(options.env);
  return create<SettingsState>()(
    persist<SettingsState, [], [], Settings>(
      (set) => ({
        ...defaults,
        update: (patch) => {
          set((state) => {
            const current = pickSettings(state);
            const next = readSettings({ ...current, ...patch }, current);
            if (serviceIdentity(next, options.env.origin) === serviceIdentity(current, options.env.origin)) return next;
            return { ...next, bookmakers: patch.bookmakers ?? [], sportIds: patch.sportIds ?? [] };
          });
        },
        reset: () => {
          set(defaults);
        },
      }),
      {
        name: SETTINGS_STORAGE_KEY,
        version: SETTINGS_VERSION,
        storage: safePersistStorage(options.storage, (state) => readSettings(state, defaults)),
        partialize: pickSettings,
        // Another version's settings: keep whatever still passes today's checks.
        migrate: (persisted) => readSettings(persisted, defaults),
      },
    ),
  );
}
