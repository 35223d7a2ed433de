// "The live value, else the REST value": a fixture's status, scores and clock as a page shows
// them — the book's once it holds them (the stream moves them), the REST view's until then.
import type { FixtureView } from '../wire/shared-schemas.ts';
import type { FixtureLive } from './book.ts';

export interface FixtureLiveValues {
  readonly status: FixtureView['status'];
  readonly scores: FixtureView['scores'];
  readonly clock: FixtureView['clock'];
}

/**
 * The status, scores and clock of `view` with the book's `live` ones over them: the live status
 * when known, the live scores when it holds any period, the live clock when it has received one.
 */
export function liveValuesOf(live: FixtureLive | undefined, view: FixtureView): FixtureLiveValues {
  return {
    status: live?.status ?? view.status,
    scores: live !== undefined && Object.keys(live.scores).length > 0 ? live.scores : view.scores,
    clock: live?.clock !== undefined ? live.clock : view.clock,
  };
}
