// For tests (jsdom): a browser that refuses the page its storage, as one with storage disabled
// does — reading `window.localStorage` throws.
import { afterEach, beforeEach } from 'vitest';

/** Makes reading `window.localStorage` throw in each test of the calling file, and restores it after. */
export function refuseStorageInEachTest(): void {
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
}
