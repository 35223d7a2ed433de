// The stream worker's core, free of worker globals so tests can drive it: one stream client and a
// mirror book for all pages, and per page a queue of ops posted at most once per animation frame
// (a page acknowledges each batch from requestAnimationFrame; the worker also waits ~16 ms).
import { LiveBook, type BookOp } from '../book/book.ts';
import type { PageToWorker, WorkerConfig, WorkerToPage } from './messages.ts';
import type { StreamClient, StreamStatus } from './stream-client.ts';

/** One page's end of the channel (a MessagePort of the SharedWorker, or the dedicated worker's scope). */
export interface PagePort {
  postMessage(message: WorkerToPage): void;
}

export interface WorkerHubOptions {
  /** Creates the stream client for a config; its ops go to `emit`, its status to `onStatus`. */
  readonly createClient: (
    config: WorkerConfig,
    book: LiveBook,
    emit: (ops: readonly BookOp[]) => void,
    onStatus: (status: StreamStatus) => void,
  ) => StreamClient;
  readonly setTimeout: (callback: () => void, ms: number) => unknown;
  /** Minimum time between two batches to one page, ms (default 16: one frame at 60 Hz). */
  readonly frameMs?: number;
  /** A page that stops acknowledging (a hidden tab: no animation frames) holds at most this many ops; then it gets a full dump instead. */
  readonly maxQueued?: number;
}

interface PageState {
  queue: BookOp[];
  awaitingAck: boolean;
  resync: boolean;
  statusDirty: boolean;
}

/** The worker's state; feed it `connect(port)` and `receive(port, message)`. */
export interface WorkerHub {
  connect(port: PagePort): void;
  receive(port: PagePort, message: PageToWorker): void;
  /** Number of pages connected. */
  readonly pages: number;
}

/** Creates the hub. Nothing connects until a page sends `configure`. */
export function createWorkerHub(options: WorkerHubOptions): WorkerHub {
  const frameMs = options.frameMs ?? 16;
  const maxQueued = options.maxQueued ?? 100_000;
  const pages = new Map<PagePort, PageState>();
  const mirror = new LiveBook();
  let client: StreamClient | null = null;
  let configKey: string | null = null;
  let status: StreamStatus | null = null;
  let flushTimer: unknown = null;

  function emit(ops: readonly BookOp[]): void {
    mirror.apply(ops);
    // The mirror has no subscribers: flushing only clears its dirty lists.
    mirror.flush();
    for (const page of pages.values()) {
      if (page.resync) continue;
      page.queue.push(...ops);
      if (page.queue.length > maxQueued) {
        page.queue = [];
        page.resync = true;
      }
    }
    scheduleFlush();
  }

  function onStatus(next: StreamStatus): void {
    status = next;
    for (const page of pages.values()) page.statusDirty = true;
    scheduleFlush();
  }

  function scheduleFlush(): void {
    if (flushTimer !== null) return;
    flushTimer = options.setTimeout(flush, frameMs);
  }

  function flush(): void {
    flushTimer = null;
    for (const [port, page] of pages) {
      const hasWork = page.queue.length > 0 || page.resync || page.statusDirty;
      // A page still owing an ack is served when its ack arrives (receive → scheduleFlush).
      if (!hasWork || page.awaitingAck) continue;
      const ops: BookOp[] = page.resync ? [{ op: 'reset' }, { op: 'load', dump: mirror.dump() }] : page.queue;
      port.postMessage({ type: 'batch', ops, status: page.statusDirty ? status : null });
      page.queue = [];
      page.resync = false;
      page.statusDirty = false;
      page.awaitingAck = true;
    }
  }

  function configure(config: WorkerConfig): void {
    const key = JSON.stringify(config);
    if (key === configKey) return;
    configKey = key;
    const previous = client;
    // A new login scope: the old client persists its cursors on stop, the new one resumes from them.
    const next = options.createClient(config, mirror, emit, onStatus);
    client = next;
    if (previous === null) void next.start();
    else
      void previous.stop().then(() => {
        if (client === next) void next.start();
      });
  }

  return {
    connect(port) {
      // A late page starts from everything the mirror holds.
      pages.set(port, { queue: [], awaitingAck: false, resync: true, statusDirty: status !== null });
      scheduleFlush();
    },
    receive(port, message) {
      const page = pages.get(port);
      if (page === undefined) return;
      switch (message.type) {
        case 'configure':
          configure(message.config);
          break;
        case 'ack':
          page.awaitingAck = false;
          scheduleFlush();
          break;
        case 'seed':
          emit([{ op: 'seed', snapshot: message.snapshot, authoritative: false }]);
          break;
        case 'reconnect':
          client?.reconnectNow();
          break;
        case 'bye':
          pages.delete(port);
          if (pages.size === 0 && client !== null) {
            // The last page left: close the stream (a SharedWorker lives on a moment after its pages).
            void client.stop();
            client = null;
            configKey = null;
          }
          break;
        default: {
          const unhandled: never = message;
          throw new Error(`unknown page message ${JSON.stringify(unhandled)}`);
        }
      }
    },
    get pages() {
      return pages.size;
    },
  };
}
