// @vitest-environment jsdom
// Where the browser refuses the page its storage (reading window.localStorage throws), a persisted
// store keeps working for this page: nothing is read, writes are dropped, nothing throws.
import { describe, expect, it } from 'vitest';
import { browserStorage, safePersistStorage } from './safe-storage.ts';
import { refuseStorageInEachTest } from './refused-storage-test-setup.ts';

refuseStorageInEachTest();

describe('storage the browser refuses', () => {
  it('reads as nothing stored and drops writes in a persisted store', () => {
    const storage = safePersistStorage(browserStorage(), (state) => state);
    expect(storage.getItem('odds-explorer.settings.v1')).toBeNull();
    expect(() => {
      void storage.setItem('odds-explorer.settings.v1', { state: { theme: 'dark' }, version: 1 });
    }).not.toThrow();
  });
});
