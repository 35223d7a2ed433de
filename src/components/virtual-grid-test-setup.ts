// Test setup for pages that render a `useVirtualGrid` grid in jsdom. jsdom lays nothing out, so
// every scroll box measures 0×0 and the virtualizer would render no rows at all.
import { afterAll, beforeAll } from 'vitest';

/**
 * Gives every element a client size of `width`×`height` px for the tests of the calling file
 * (restored after them), so a virtualized grid renders the rows that fit. Call it once at the
 * top level of a test file, not inside a test.
 */
export function layOutElementsForVirtualGrids(width = 1000, height = 600): void {
  beforeAll(() => {
    Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
    Object.defineProperty(HTMLElement.prototype, 'clientWidth', { configurable: true, get: () => width });
  });
  afterAll(() => {
    Reflect.deleteProperty(HTMLElement.prototype, 'clientHeight');
    Reflect.deleteProperty(HTMLElement.prototype, 'clientWidth');
  });
}
