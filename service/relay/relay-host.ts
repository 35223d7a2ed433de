// The edge's handle on a relay producer (relay mode: UPSTREAM_URL and UPSTREAM_KEY set). It runs
// in the edge's thread: a relay only moves JSON from sockets to maps — there is no reprice to keep
// off the event loop — and the edge forwards parlay/SGP calls through the same upstream client,
// so the one key's queue and limits are shared. "Down" here means the upstream's stream is.
import { mkdirSync } from 'node:fs';
import type { Body, KnobAnswer } from '../admin/knob-routes.ts';
import type { ServiceConfig, UpstreamSettings } from '../config.ts';
import type { ProducerHealth, ProducerHost, ProducerOptions } from '../producer/producer-host.ts';
import { ResilientHistory } from '../sim/resilient-history.ts';
import { openHistory } from '../sim/storage-adapter.ts';
import { RelayProducer } from './relay-producer.ts';
import { UpstreamRest } from './upstream-rest.ts';
import { UpstreamStream } from './upstream-stream.ts';

/** Channels a resume may lose and the producer reads again from REST alone (the rest need a whole re-snapshot). */
const PARTIAL_CHANNELS: ReadonlySet<string> = new Set(['bookmakers', 'injuries', 'lineups', 'stats']);

const NO_TICKS = { ticks: 0, longestTickMs: 0, longestStepMs: 0, longestStep: '' };

/** The upstream gateway's address for its REST base URL. */
function gatewayUrl(url: string): string {
  return `${url.replace(/^http/, 'ws')}/ws`;
}

/** The bookmakers the upstream key may see (the stream's login must name them), asked until the upstream answers. */
async function upstreamBookmakers(rest: UpstreamRest, log: (line: string) => void, closed: () => boolean): Promise<string[]> {
  for (let waitMs = 500; ; waitMs = Math.min(waitMs * 2, 5000)) {
    try {
      const answer = await rest.get('/en/bookmakers');
      if (answer.status === 200 && Array.isArray(answer.body)) {
        return answer.body.flatMap((book: unknown) =>
          typeof book === 'object' && book !== null && typeof (book as { bookmaker?: unknown }).bookmaker === 'string' ? [(book as { bookmaker: string }).bookmaker] : [],
        );
      }
      // A refused key will not heal by asking again: say so and stop the start.
      if (answer.status === 401 || answer.status === 403) throw new Error(`the upstream refused UPSTREAM_KEY (HTTP ${String(answer.status)} on /bookmakers)`);
      log(`relay: the upstream answered ${String(answer.status)} to /bookmakers; asking again in ${String(waitMs)} ms`);
    } catch (error) {
      if (error instanceof Error && error.message.startsWith('the upstream refused')) throw error;
      log(`relay: the upstream is not reachable (${error instanceof Error ? error.message : String(error)}); asking again in ${String(waitMs)} ms`);
    }
    if (closed()) throw new Error('the relay closed before the upstream answered');
    await new Promise((resolve) => setTimeout(resolve, waitMs));
  }
}

/**
 * Starts the relay producer on `upstream`: the bookmakers, the gateway login, the first snapshot
 * from REST. Resolves once that snapshot reached the listener (the edge then answers from it).
 */
export async function startRelay(
  config: ServiceConfig,
  upstream: UpstreamSettings,
  /** `gatewayUrl`: the upstream's `/ws` by another way (a test's fault proxy); default beside its REST. */
  options: ProducerOptions & { readonly gatewayUrl?: string },
): Promise<ProducerHost> {
  mkdirSync(config.dataDir, { recursive: true });
  const log = options.log;
  const history = openHistory(config.dataDir);
  const recorder = new ResilientHistory(history, { backlogBytes: config.historyBacklogBytes, retryMaxMs: config.historyRetryMaxMs, log });
  const rest = new UpstreamRest({ url: upstream.url, key: upstream.key, log });
  const producer = new RelayProducer({ rest, recorder, history, log });
  let closing = false;
  let state: ProducerHealth['state'] = 'down';
  let since = Date.now();
  let restarts = 0;
  let lastCrash: ProducerHealth['lastCrash'] = null;
  let bookmakers: readonly string[] = [];
  // Held in an object: TypeScript does not see the closure below assign it.
  const started: { firstSnapshot: Promise<void> | null } = { firstSnapshot: null };
  let loggedInOnce: () => void = () => undefined;
  const firstLogin = new Promise<void>((resolve) => {
    loggedInOnce = resolve;
  });
  const stream = new UpstreamStream({
    url: options.gatewayUrl ?? gatewayUrl(upstream.url),
    key: upstream.key,
    bookmakers: () => bookmakers,
    log,
    events: {
      loggedIn: (frame, lost) => {
        if (state === 'down') {
          state = 'running';
          since = Date.now();
        }
        if (lost === 'all') {
          log(`relay: logged in to the upstream gateway (${frame.channels.join(', ')}); re-snapshot from REST`);
          const done = producer.resnapshot(started.firstSnapshot === null ? 'first login' : 'a new serverEpoch');
          started.firstSnapshot ??= done;
        } else if (lost.some((channel) => !PARTIAL_CHANNELS.has(channel))) {
          log(`relay: logged in to the upstream gateway; ${lost.join(', ')} not replayable: re-snapshot from REST`);
          void producer.resnapshot(`${lost.join(', ')} not replayable`);
        } else {
          // The prices, views and clocks were replayed; the channels that were not are read again from REST.
          log(`relay: logged in to the upstream gateway; resumed${lost.length > 0 ? ` (${lost.join(', ')} read again from REST)` : ''}`);
          if (lost.length > 0) void producer.refreshChannels(lost);
        }
        loggedInOnce();
      },
      snapshotRequired: (reason) => {
        void producer.resnapshot(`snapshot_required: ${reason}`);
      },
      data: (update) => {
        producer.receive(update);
      },
      down: (reason, retryMs) => {
        if (state === 'running') {
          state = 'down';
          since = Date.now();
          restarts++;
          lastCrash = { at: since, reason: `upstream stream ${reason}` };
        }
        log(`relay: the upstream stream ${reason}; the edge serves its last state, marked stale; reconnecting in ${String(retryMs)} ms`);
      },
    },
  });
  try {
    log(`relay: relaying ${upstream.url} (the simulator does not run)`);
    bookmakers = await upstreamBookmakers(rest, log, () => closing);
    stream.start();
    await firstLogin;
    await started.firstSnapshot;
  } catch (error) {
    closing = true;
    stream.close();
    rest.close();
    producer.close();
    recorder.close();
    throw error;
  }
  producer.subscribe(options.listener);
  producer.startStatus();
  producer.startSweep();
  return {
    simulator: null,
    upstream: rest,
    call: (_method: string, path: string, _body: Body, _query: string): Promise<KnobAnswer> =>
      Promise.resolve({ ok: false, status: 409, code: 'relay_mode', message: `this service relays ${upstream.url}: ${path} is a knob of the upstream's simulator, not of the relay` }),
    crash: () => {
      throw new Error('a relay has no producer thread to crash');
    },
    health: () => ({ mode: 'relay', state, since, restarts, lastCrash }),
    status: () => producer.status(),
    takeTickTimings: () => NO_TICKS,
    now: () => Date.now(),
    close() {
      closing = true;
      stream.close();
      rest.close();
      producer.close();
      recorder.close();
      return Promise.resolve();
    },
  };
}
