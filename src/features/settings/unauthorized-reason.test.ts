import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error.ts';
import { returnPath, settingsPathAfterUnauthorized } from './unauthorized-reason.ts';

const invalidKey = new ApiError({ status: 401, code: 'unauthorized', message: 'Invalid API key.', endpoint: '/sports' });

describe('settingsPathAfterUnauthorized', () => {
  it('carries the reason and the page the 401 came from', () => {
    expect(settingsPathAfterUnauthorized(invalidKey, '/fixtures?sport=10')).toBe('/settings?reason=invalid-key&from=%2Ffixtures%3Fsport%3D10');
  });

  it('leaves out a page that is not one of the dashboard', () => {
    expect(settingsPathAfterUnauthorized(invalidKey, '//evil.example/x')).toBe('/settings?reason=invalid-key');
  });
});

describe('returnPath', () => {
  it('accepts a path of the dashboard', () => {
    expect(returnPath('/fixtures/id1000001761301227')).toBe('/fixtures/id1000001761301227');
    expect(returnPath('/')).toBe('/');
  });

  it('refuses another host, a scheme, a backslash, the settings page and nothing', () => {
    for (const from of ['//evil.example', 'https://evil.example', '/\\evil.example', 'fixtures', '/settings', '/settings?reason=invalid-key']) {
      expect(returnPath(from), from).toBeNull();
    }
    expect(returnPath(null)).toBeNull();
    expect(returnPath('/settingsx')).toBe('/settingsx');
  });
});
