// What every service process (`service/main.ts`, a cluster's producer and edges) does at its
// edges of life: a graceful stop on SIGINT/SIGTERM (once), and a one-line error and exit code 1
// when it cannot start.

/** Calls `stop` with the signal's name on the first SIGINT or SIGTERM; later ones are ignored. */
export function onStopSignals(stop: (signal: string) => void): void {
  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      stop(signal);
    });
  }
}

/** Runs a process's `main`; a failure to start is printed as one line and ends the process with 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? `${error.name}: ${error.message}` : error);
    process.exit(1);
  });
}
