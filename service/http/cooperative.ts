// Heavy answers built without holding the event loop: the history endpoints answer megabytes, and
// one read and one JSON.stringify of that are tens of milliseconds during which /healthz, the
// other requests and the stream's sockets wait. Work in steps, yield between them, one at a time.

const waiting: (() => void)[] = [];
let scheduled = false;

function resumeOne(): void {
  const next = waiting.shift();
  if (waiting.length > 0) setImmediate(resumeOne);
  else scheduled = false;
  next?.();
}

/**
 * Lets pending I/O and timers run before the caller goes on. The callers wait in one queue and
 * one of them resumes per turn of the event loop: with a plain `setImmediate` per caller, twelve
 * concurrent heavy requests would all run a step in the same turn, and the other requests would
 * wait twelve steps instead of one.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => {
    waiting.push(resolve);
    if (!scheduled) {
      scheduled = true;
      setImmediate(resumeOne);
    }
  });
}

/**
 * Runs at most `limit` tasks at a time, the others waiting in order. The event loop is one
 * thread, so running more heavy builds at once finishes none of them sooner: it only keeps more
 * half-built answers alive, and the garbage collector then copies all of them on every pass.
 */
export function concurrencyGate(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const queue: (() => void)[] = [];
  return async (task) => {
    if (running >= limit) {
      await new Promise<void>((resolve) => {
        queue.push(resolve);
      });
    } else {
      running++;
    }
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next task, or free it.
      const next = queue.shift();
      if (next === undefined) running--;
      else next();
    }
  };
}

/** Characters of JSON built between two yields, and the size of each chunk sent: well under a millisecond of work. */
const CHUNK_CHARS = 64 * 1024;

/**
 * The UTF-8 bytes of exactly `JSON.stringify({ ...head, [name]: groups })` (`name` not a numeric
 * key), in chunks of about 64 KB, built one entry of a group at a time with a yield to the event
 * loop after each chunk: neither one large stringify nor one large string to encode when sending.
 * `groups` is two levels of plain records (e.g. bookmaker → oddsId → history); their values are
 * stringified whole.
 */
export async function jsonChunksYielding(
  head: Readonly<Record<string, unknown>>,
  name: string,
  groups: Readonly<Record<string, Readonly<Record<string, unknown>>>>,
): Promise<Buffer[]> {
  const chunks: Buffer[] = [];
  let parts: string[] = [];
  let pending = 0;
  const flush = (): void => {
    chunks.push(Buffer.from(parts.join('')));
    parts = [];
    pending = 0;
  };
  const push = async (part: string): Promise<void> => {
    parts.push(part);
    pending += part.length;
    if (pending < CHUNK_CHARS) return;
    flush();
    await yieldToEventLoop();
  };
  const headJson = JSON.stringify(head);
  await push(`${headJson.slice(0, -1)}${headJson === '{}' ? '' : ','}${JSON.stringify(name)}:{`);
  let firstGroup = true;
  for (const [groupKey, entries] of Object.entries(groups)) {
    await push(`${firstGroup ? '' : ','}${JSON.stringify(groupKey)}:{`);
    firstGroup = false;
    let firstEntry = true;
    for (const [key, value] of Object.entries(entries)) {
      await push(`${firstEntry ? '' : ','}${JSON.stringify(key)}:${JSON.stringify(value)}`);
      firstEntry = false;
    }
    await push('}');
  }
  parts.push('}}');
  flush();
  return chunks;
}
