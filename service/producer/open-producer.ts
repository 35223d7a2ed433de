// Opens the producer on a configuration: the data directory, the history (seeding a fresh one),
// the reference data and the simulator. The same in the producer's worker thread (`npm start`)
// and in the edge's thread (tests driving a manual clock).
import { mkdirSync } from 'node:fs';
import { getCatalogue } from '../catalogue/catalogue.ts';
import { buildReferenceData } from '../catalogue/reference-data.ts';
import type { ServiceConfig } from '../config.ts';
import { PricingModels, PricingQuotes } from '../sim/pricing-adapter.ts';
import { ResilientHistory } from '../sim/resilient-history.ts';
import { Simulator, type SimClock } from '../sim/simulator.ts';
import type { HistoryPort } from '../sim/history-port.ts';
import { openSqliteWriter, type WriterHistory } from '../storage/open-history.ts';
import { Producer } from './producer.ts';

export interface OpenedProducer {
  readonly producer: Producer;
  readonly simulator: Simulator;
  readonly history: HistoryPort;
  readonly recorder: ResilientHistory;
  /** Stops the ticks, flushes the history and closes it. */
  close(): void;
  /** After close(): resolves once the history's last writes are out (PostgreSQL flushes them asynchronously). */
  closed(): Promise<void>;
}

/**
 * Throws (nothing left open) when the data directory holds another catalogue or seed. `history`
 * is the store opened by openHistoryFor (asynchronous, for PostgreSQL); without it the SQLite
 * store of DATA_DIR is opened here.
 */
export function openProducer(config: ServiceConfig, options: { clock?: SimClock; log: (line: string) => void; history?: WriterHistory }): OpenedProducer {
  mkdirSync(config.dataDir, { recursive: true });
  const opened = options.history ?? openSqliteWriter(config.dataDir);
  const { store: history, sqlite } = opened;
  // Every simulator write goes through it: a full disk degrades history, never the service.
  const recorder = new ResilientHistory(history, {
    backlogBytes: config.historyBacklogBytes,
    retryMaxMs: config.historyRetryMaxMs,
    log: options.log,
  });
  let simulator: Simulator;
  let models: PricingModels;
  try {
    const reference = buildReferenceData(config.seed);
    models = new PricingModels(reference);
    simulator = Simulator.open({
      settings: config,
      reference,
      catalogue: getCatalogue(),
      models,
      quoting: new PricingQuotes(),
      history: recorder,
      log: options.log,
      ...(options.clock === undefined ? {} : { clock: options.clock }),
    });
  } catch (error) {
    recorder.close();
    throw error;
  }
  // A manual clock (tests): the producer shares the edge's thread, and sweeps after every batch.
  const producer = new Producer({ simulator, models, recorder, history, historyCap: sqlite === null ? null : (maxPages) => sqlite.capPages(maxPages), sweepEveryBatch: options.clock !== undefined });
  return {
    producer,
    simulator,
    history,
    recorder,
    close() {
      producer.stop();
      simulator.stop();
      recorder.close();
    },
    closed: () => opened.closed(),
  };
}
