// The messages between the edge and the producer's worker thread, beside the feed's own.
import type { Body, KnobAnswer } from '../admin/knob-routes.ts';
import type { ServiceConfig } from '../config.ts';
import type { FeedMessage } from './feed.ts';

export interface ThreadData {
  /** The module the boot file loads (producer-thread.ts). */
  readonly entry: string;
  readonly config: ServiceConfig;
}

/** Edge → producer. */
export type ToProducer =
  | { readonly type: 'knob'; readonly id: number; readonly method: string; readonly path: string; readonly body: Body; readonly query: string }
  /** Ends the thread as an uncaught error would (the crash knob). */
  | { readonly type: 'crash' }
  /** Stops the ticks, flushes the history and exits. */
  | { readonly type: 'stop' };

/** Producer → edge. */
export type FromProducer =
  | FeedMessage
  | { readonly kind: 'knobAnswer'; readonly id: number; readonly answer: KnobAnswer }
  | { readonly kind: 'log'; readonly line: string }
  /** Opening failed (another catalogue or seed in DATA_DIR, …): the thread exits. */
  | { readonly kind: 'failed'; readonly name: string; readonly message: string }
  | { readonly kind: 'stopped' };
