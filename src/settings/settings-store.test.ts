import { describe, expect, it } from 'vitest';
import type { StateStorage } from 'zustand/middleware';
import {
  checkBaseUrl,
  createSettingsStore,
  defaultSettings,
  effectiveApiKey,
  readSettings,
  SETTINGS_STORAGE_KEY,
} from './settings-store.ts';

const ENV = { origin: 'http://127.0.0.1:4100', prefersDark: false };

/** An in-memory localStorage. */
function memoryStorage(initial: Record<string, string> = {}): StateStorage<void> & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (name) => data.get(name) ?? null,
    setItem: (name, value) => {
      data.set(name, value);
    },
    removeItem: (name) => {
      data.delete(name);
    },
  };
}

const stored = (state: unknown, version = 1) => ({ [SETTINGS_STORAGE_KEY]: JSON.stringify({ state, version }) });

describe('the settings store', () => {
  it('starts with the embedded service and no key entered', () => {
    const store = createSettingsStore({ storage: memoryStorage(), env: ENV });
    expect(store.getState()).toMatchObject({ baseUrl: ENV.origin, apiKey: null, lang: 'en', oddsFormat: 'decimal', theme: 'light' });
  });

  it('shows times in the browser\'s own zone until the user picks UTC', () => {
    expect(createSettingsStore({ storage: memoryStorage(), env: ENV }).getState().timeZone).toBe('local');
  });

  it('keeps the time-zone choice across a reload', () => {
    const storage = memoryStorage();
    createSettingsStore({ storage, env: ENV }).getState().update({ timeZone: 'utc' });
    expect(JSON.parse(storage.data.get(SETTINGS_STORAGE_KEY) ?? '{}')).toMatchObject({ state: { timeZone: 'utc' } });
    expect(createSettingsStore({ storage, env: ENV }).getState().timeZone).toBe('utc');
  });

  it('reads an unknown stored time zone as the default, keeping the other settings', () => {
    const state = createSettingsStore({ storage: memoryStorage(stored({ timeZone: 'Mars/Olympus', lang: 'de' })), env: ENV }).getState();
    expect(state).toMatchObject({ timeZone: 'local', lang: 'de' });
  });

  it('follows the system theme by default', () => {
    const store = createSettingsStore({ storage: memoryStorage(), env: { ...ENV, prefersDark: true } });
    expect(store.getState().theme).toBe('dark');
  });

  it('persists changes under odds-explorer.settings.v1 and reads them back in a new page', () => {
    const storage = memoryStorage();
    createSettingsStore({ storage, env: ENV }).getState().update({ lang: 'de', oddsFormat: 'american', bookmakers: ['pinnacle'] });
    expect(storage.data.has('odds-explorer.settings.v1')).toBe(true);
    const reloaded = createSettingsStore({ storage, env: ENV }).getState();
    expect(reloaded).toMatchObject({ lang: 'de', oddsFormat: 'american', bookmakers: ['pinnacle'] });
  });

  it('forgets the chosen bookmakers and sports when the service changes: they are the old service\'s ids', () => {
    const store = createSettingsStore({ storage: memoryStorage(), env: ENV });
    store.getState().update({ bookmakers: ['pinnacle'], sportIds: [10] });
    store.getState().update({ baseUrl: 'https://odds.example.com', apiKey: 'other-key' });
    expect(store.getState()).toMatchObject({ baseUrl: 'https://odds.example.com', bookmakers: [], sportIds: [] });
  });

  it('forgets the chosen bookmakers and sports when only the key changes', () => {
    const store = createSettingsStore({ storage: memoryStorage(), env: ENV });
    store.getState().update({ bookmakers: ['pinnacle'], sportIds: [10] });
    store.getState().update({ apiKey: 'demo-limited' });
    expect(store.getState()).toMatchObject({ bookmakers: [], sportIds: [] });
  });

  it('keeps the chosen bookmakers and sports when the same service and key are saved again', () => {
    const store = createSettingsStore({ storage: memoryStorage(), env: ENV });
    store.getState().update({ bookmakers: ['pinnacle'], sportIds: [10] });
    store.getState().update({ baseUrl: `${ENV.origin}/`, apiKey: null, lang: 'de' });
    expect(store.getState()).toMatchObject({ lang: 'de', bookmakers: ['pinnacle'], sportIds: [10] });
  });

  it('falls back to the defaults when the stored text is not JSON', () => {
    const store = createSettingsStore({ storage: memoryStorage({ [SETTINGS_STORAGE_KEY]: '{not json' }), env: ENV });
    expect(store.getState().baseUrl).toBe(ENV.origin);
  });

  it('keeps the valid fields and defaults the corrupt ones', () => {
    const storage = memoryStorage(stored({ lang: 'fr', oddsFormat: 'roman', sportIds: 'soccer', baseUrl: 'javascript:alert(1)', theme: 'dark' }));
    const state = createSettingsStore({ storage, env: ENV }).getState();
    expect(state).toMatchObject({ lang: 'fr', oddsFormat: 'decimal', sportIds: [], baseUrl: ENV.origin, theme: 'dark' });
  });

  it('survives a stored value that is not an object', () => {
    for (const text of ['null', '42', '"text"', '[]', JSON.stringify({ state: null, version: 1 })]) {
      const store = createSettingsStore({ storage: memoryStorage({ [SETTINGS_STORAGE_KEY]: text }), env: ENV });
      expect(store.getState().lang).toBe('en');
    }
  });

  it('keeps working when the storage throws', () => {
    const failing: StateStorage<void> = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => undefined,
    };
    const store = createSettingsStore({ storage: failing, env: ENV });
    store.getState().update({ lang: 'zh' });
    expect(store.getState().lang).toBe('zh');
  });

  it('reads settings of another version, keeping what still passes', () => {
    const store = createSettingsStore({ storage: memoryStorage(stored({ lang: 'zh', theme: 'sepia' }, 0)), env: ENV });
    expect(store.getState()).toMatchObject({ lang: 'zh', theme: 'light' });
  });

  it('ignores an update with an invalid value for that field', () => {
    const store = createSettingsStore({ storage: memoryStorage(), env: ENV });
    store.getState().update({ baseUrl: 'not a url', lang: 'de' });
    expect(store.getState()).toMatchObject({ baseUrl: ENV.origin, lang: 'de' });
  });

  it('resets to the defaults', () => {
    const store = createSettingsStore({ storage: memoryStorage(), env: ENV });
    store.getState().update({ apiKey: 'k', lang: 'de' });
    store.getState().reset();
    expect(store.getState()).toMatchObject(defaultSettings(ENV));
  });
});

describe('readSettings', () => {
  it('normalises the base URL and drops duplicate choices', () => {
    const read = readSettings({ baseUrl: 'https://odds.example.com/', bookmakers: ['a', 'a'], sportIds: [10, 10] }, defaultSettings(ENV));
    expect(read).toMatchObject({ baseUrl: 'https://odds.example.com', bookmakers: ['a'], sportIds: [10] });
  });
});

describe('effectiveApiKey', () => {
  it('sends demo-key to the embedded service when no key was entered', () => {
    expect(effectiveApiKey({ baseUrl: `${ENV.origin}/`, apiKey: null }, ENV.origin)).toBe('demo-key');
  });

  it('sends no key to another service when none was entered', () => {
    expect(effectiveApiKey({ baseUrl: 'https://odds.example.com', apiKey: null }, ENV.origin)).toBe('');
  });

  it('sends the entered key', () => {
    expect(effectiveApiKey({ baseUrl: 'https://odds.example.com', apiKey: 'live-123' }, ENV.origin)).toBe('live-123');
  });
});

describe('checkBaseUrl', () => {
  it('accepts an http(s) URL and explains anything else', () => {
    expect(checkBaseUrl('https://odds.example.com')).toBeNull();
    expect(checkBaseUrl('odds.example.com')).toMatch(/not an absolute URL/);
  });
});
