// Relay-mode settings: UPSTREAM_URL and UPSTREAM_KEY come together or not at all.
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('the upstream setting', () => {
  it('is undefined when neither UPSTREAM_URL nor UPSTREAM_KEY is set (the simulator runs)', () => {
    expect(loadConfig({}, []).upstream).toBeUndefined();
  });

  it('holds the URL and the key when both are set', () => {
    expect(loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:4950/', UPSTREAM_KEY: 'k' }, []).upstream).toEqual({ url: 'http://127.0.0.1:4950', key: 'k' });
  });

  it('names UPSTREAM_KEY when only UPSTREAM_URL is set', () => {
    expect(() => loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:4950' }, [])).toThrow(/UPSTREAM_KEY must be set/);
  });

  it('names UPSTREAM_URL when only UPSTREAM_KEY is set, without quoting the key', () => {
    expect(() => loadConfig({ UPSTREAM_KEY: 'secret-key' }, [])).toThrow(/^UPSTREAM_URL must be set/);
    expect(() => loadConfig({ UPSTREAM_KEY: 'secret-key' }, [])).not.toThrow(/secret-key/);
  });

  it('refuses a URL that carries credentials or a query (a key there would reach the logs)', () => {
    expect(() => loadConfig({ UPSTREAM_URL: 'http://127.0.0.1:4950/?apiKey=x', UPSTREAM_KEY: 'k' }, [])).toThrow(/UPSTREAM_URL must hold no credentials/);
    expect(() => loadConfig({ UPSTREAM_URL: 'ftp://host', UPSTREAM_KEY: 'k' }, [])).toThrow(/UPSTREAM_URL must be an http\(s\) URL/);
  });
});
