// The producer's worker thread (`npm start`): opens the simulator and the history, starts the
// ticks and posts the feed to the edge. The edge answers every request; this thread only makes
// prices and writes history, so a reprice never waits behind a request or delays one.
import { parentPort, workerData } from 'node:worker_threads';
import { openHistoryFor } from '../storage/open-history.ts';
import { openProducer, type OpenedProducer } from './open-producer.ts';
import type { FromProducer, ThreadData, ToProducer } from './thread-protocol.ts';

const port = parentPort;
if (port === null) throw new Error('producer-thread.ts runs as a worker thread (see producer-host.ts)');
const { config } = workerData as ThreadData;
const post = (message: FromProducer): void => {
  port.postMessage(message);
};

const log = (line: string): void => {
  post({ kind: 'log', line });
};

let opened: OpenedProducer;
try {
  // PostgreSQL (DATABASE_URL) is opened asynchronously: connect, migrate, load the records.
  const history = await openHistoryFor(config, { log });
  try {
    opened = openProducer(config, { log, history });
  } catch (error) {
    history.store.close();
    await history.closed();
    throw error;
  }
} catch (error) {
  post({ kind: 'failed', name: error instanceof Error ? error.name : 'Error', message: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}

const { producer, simulator } = opened;
producer.subscribe(post);
producer.startStatus();
simulator.start();

port.on('message', (message: ToProducer) => {
  switch (message.type) {
    case 'knob':
      void producer.knob(message.method, message.path, message.body, message.query).then((answer) => {
        post({ kind: 'knobAnswer', id: message.id, answer });
      });
      break;
    case 'crash':
      // An uncaught error ends the thread as a real fault would (the edge sees its 'error' and 'exit').
      setImmediate(() => {
        throw new Error('producer crash requested (POST /admin/producer-crash)');
      });
      break;
    case 'stop':
      opened.close();
      // 'stopped' only once the history's last batch is written: the edge then ends the thread.
      void opened.closed().then(() => {
        post({ kind: 'stopped' });
        port.close();
      });
      break;
  }
});
