// @vitest-environment jsdom
// Where the browser refuses the page its storage (reading window.localStorage throws), the tracker
// says its bets cannot be kept, instead of the page crashing.
import { describe, expect, it } from 'vitest';
import { browserStorage } from '../../settings/safe-storage.ts';
import { TrackerStore } from './tracker-store.ts';
import { refuseStorageInEachTest } from '../../settings/refused-storage-test-setup.ts';

refuseStorageInEachTest();

describe('the tracker on storage the browser refuses', () => {
  it('says its bets cannot be kept', () => {
    const tracker = new TrackerStore(browserStorage(), 'http://127.0.0.1:4100');
    expect(tracker.getSnapshot()).toEqual({ bets: [], problem: 'This browser does not let the page use its storage: bets cannot be kept.' });
  });
});
