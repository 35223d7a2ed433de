// @vitest-environment jsdom
// Where the browser refuses the page its storage (reading window.localStorage throws), the tracker
// says its bets cannot be kept, instead of the page crashing.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { browserStorage } from '../../settings/safe-storage.ts';
import { TrackerStore } from './tracker-store.ts';

let saved: PropertyDescriptor | undefined;

beforeEach(() => {
  saved = Object.getOwnPropertyDescriptor(window, 'localStorage');
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get() {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  });
});

afterEach(() => {
  if (saved !== undefined) Object.defineProperty(window, 'localStorage', saved);
});

describe('the tracker on storage the browser refuses', () => {
  it('says its bets cannot be kept', () => {
    const tracker = new TrackerStore(browserStorage(), 'http://127.0.0.1:4100');
    expect(tracker.getSnapshot()).toEqual({ bets: [], problem: 'This browser does not let the page use its storage: bets cannot be kept.' });
  });
});
