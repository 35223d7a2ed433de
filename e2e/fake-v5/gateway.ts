// The fake's stream gateway at /ws (stream-protocol.md): login within 10 s, JSON only (any
// receiveType asked for is downgraded to `json`, which the protocol allows), nothing replayable
// (every channel is re-snapshotted from REST after a reconnect), and the live fixtures' prices
// moving every 500 ms on the `odds` channel.
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { API_KEY } from './rest.ts';
import { BOOKMAKERS, SPORT, TOURNAMENTS, type Fixture, type OddsEntry } from './world.ts';

const CHANNELS = ['fixtures', 'scores', 'odds', 'bookmakers', 'clocks', 'oddsFutures'] as const;
const LOGIN_TIMEOUT_MS = 10_000;

interface Subscriber {
  readonly socket: WebSocket;
  readonly channels: ReadonlySet<string>;
  readonly bookmakers: ReadonlySet<string>;
  readonly sportIds: ReadonlySet<number> | null;
  readonly tournamentIds: ReadonlySet<number> | null;
  readonly fixtureIds: ReadonlySet<string> | null;
}

const numbers = (value: unknown): Set<number> | null =>
  Array.isArray(value) ? new Set(value.filter((v): v is number => typeof v === 'number')) : null;
const strings = (value: unknown): Set<string> | null =>
  Array.isArray(value) ? new Set(value.filter((v): v is string => typeof v === 'string')) : null;

export function createGateway(options: { readonly record: (line: string) => void }) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  const subscribers = new Set<Subscriber>();
  const serverEpoch = Date.now().toString(16);
  let seq = 0;

  function refuse(socket: WebSocket, closeCode: number, code: string, message: string): void {
    socket.send(JSON.stringify({ type: 'error', code, message }));
    socket.close(closeCode, code);
  }

  function login(socket: WebSocket, text: string): void {
    let frame: Record<string, unknown>;
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed !== 'object' || parsed === null || (parsed as { type?: unknown }).type !== 'login') throw new Error('not a login');
      frame = parsed as Record<string, unknown>;
    } catch {
      refuse(socket, 4001, 'login_required', 'The first frame must be a login frame.');
      return;
    }
    // The key stays out of the record: only the fields that carry ids are kept.
    const { apiKey, ...rest } = frame;
    options.record(`WS ${JSON.stringify(rest)}`);
    if (apiKey !== API_KEY) {
      refuse(socket, 4401, 'unauthorized', 'Missing or invalid API key.');
      return;
    }
    const asked = strings(frame.channels);
    const channels = new Set(CHANNELS.filter((c) => asked === null || asked.has(c)));
    const bookmakers = new Set([...(strings(frame.bookmakers) ?? [])].filter((b) => (BOOKMAKERS as readonly string[]).includes(b)));
    if (channels.size === 0) {
      refuse(socket, 4403, 'nothing_to_subscribe', 'Nothing this key may subscribe to.');
      return;
    }
    const subscriber: Subscriber = {
      socket, channels, bookmakers,
      sportIds: numbers(frame.sportIds), tournamentIds: numbers(frame.tournamentIds), fixtureIds: strings(frame.fixtureIds),
    };
    subscribers.add(subscriber);
    socket.send(JSON.stringify({
      type: 'login_ok',
      access: { live: true, pregame: true },
      channels: [...channels],
      receiveType: 'json',
      resume: { serverEpoch, resumeWindowMs: 60_000, replayChannels: [], serverEntryIds: {} },
    }));
  }

  function wants(s: Subscriber, fixture: Fixture): boolean {
    const tournamentId = TOURNAMENTS[fixture.tournamentIndex]?.tournamentId ?? 0;
    return (s.sportIds === null || s.sportIds.size === 0 || s.sportIds.has(SPORT.sportId))
      && (s.tournamentIds === null || s.tournamentIds.size === 0 || s.tournamentIds.has(tournamentId))
      && (s.fixtureIds === null || s.fixtureIds.size === 0 || s.fixtureIds.has(fixture.fixtureId));
  }

  return {
    upgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
      wss.handleUpgrade(req, socket, head, (ws) => {
        const timer = setTimeout(() => {
          refuse(ws, 4001, 'login_timeout', 'No login frame within 10 s.');
        }, LOGIN_TIMEOUT_MS);
        let loggedIn = false;
        ws.on('message', (data, isBinary) => {
          const text = isBinary ? '' : Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(Array.isArray(data) ? data : [Buffer.from(data)]).toString('utf8');
          if (loggedIn) {
            options.record(`WS ${isBinary ? '<binary>' : text.slice(0, 500)}`);
            return;
          }
          loggedIn = true;
          clearTimeout(timer);
          login(ws, text);
        });
        ws.on('close', () => {
          clearTimeout(timer);
          for (const s of subscribers) if (s.socket === ws) subscribers.delete(s);
        });
        ws.on('error', () => undefined);
      });
    },
    /** Streams moved prices: one `odds` frame per live fixture, each subscriber its bookmakers. */
    publish(moved: ReadonlyMap<Fixture, readonly { oddsId: string; entry: OddsEntry }[]>, now: number): void {
      for (const [fixture, changes] of moved) {
        seq += 1;
        const entryId = `${String(now)}-${String(seq)}`;
        for (const s of subscribers) {
          if (!s.channels.has('odds') || !wants(s, fixture)) continue;
          const odds: Record<string, Record<string, OddsEntry>> = {};
          for (const { oddsId, entry } of changes) if (s.bookmakers.has(entry.bookmaker)) (odds[entry.bookmaker] ??= {})[oddsId] = entry;
          if (Object.keys(odds).length === 0) continue;
          s.socket.send(JSON.stringify({ channel: 'odds', type: 'UPDATE', payload: { fixtureId: fixture.fixtureId, odds }, ts: now, entryId }));
        }
      }
    },
    close(): void {
      for (const s of subscribers) s.socket.terminate();
      wss.close();
    },
  };
}
