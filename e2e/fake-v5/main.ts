// A small, strict fake of a v5 service for the browser tests, written from the spec alone (no
// import from service/ or src/): `tsx e2e/fake-v5/main.ts`. PORT serves the API and /ws;
// CONTROL_PORT (loopback, default PORT + 1) lets a test read every request the fake received
// (`GET /requests`, `DELETE /requests`), which is how "no request carries an old id" is checked,
// and switch endpoints off (`PUT /not-offered` with a JSON array of paths), as a service that
// does not offer them would be.
import http from 'node:http';
import { createGateway } from './gateway.ts';
import { createRest } from './rest.ts';
import { createWorld } from './world.ts';

const port = Number(process.env.PORT ?? 4382);
const controlPort = Number(process.env.CONTROL_PORT ?? port + 1);
const TICK_MS = 500;

const startedAt = Date.now();
const world = createWorld(startedAt);
const requests: string[] = [];
const record = (line: string) => {
  requests.push(line);
  // Bounded: a long-running fake must not grow without end.
  if (requests.length > 20_000) requests.splice(0, 10_000);
};

/** Endpoints a test switched off: answered 404 like any endpoint the fake does not offer. */
let notOffered: ReadonlySet<string> = new Set();

const gateway = createGateway({ record });
const rest = createRest({ world, startedAt, record, notOffered: () => notOffered });
const server = http.createServer((req, res) => {
  if (req.url === '/healthz') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"ok":true}');
    return;
  }
  rest(req, res);
});
server.on('upgrade', (req, socket, head) => {
  if (new URL(req.url ?? '/', 'http://fake').pathname !== '/ws') {
    socket.destroy();
    return;
  }
  gateway.upgrade(req, socket, head);
});

const control = http.createServer((req, res) => {
  if (req.url === '/requests' && req.method === 'GET') {
    res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(requests));
  } else if (req.url === '/requests' && req.method === 'DELETE') {
    requests.length = 0;
    res.writeHead(200, { 'Content-Type': 'application/json' }).end('[]');
  } else if (req.url === '/not-offered' && req.method === 'PUT') {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      let paths: unknown;
      try {
        paths = JSON.parse(body);
      } catch {
        paths = null;
      }
      if (!Array.isArray(paths) || !paths.every((p): p is string => typeof p === 'string' && p.startsWith('/'))) {
        res.writeHead(400, { 'Content-Type': 'application/json' }).end('{"error":400,"message":"Send a JSON array of endpoint paths, e.g. [\\"/fixtures/odds/clv\\"].","code":"invalid_body"}');
        return;
      }
      notOffered = new Set(paths);
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify([...notOffered]));
    });
  } else {
    res.writeHead(404, { 'Content-Type': 'application/json' }).end('{"error":404,"message":"No such control.","code":"not_found"}');
  }
});

const ticker = setInterval(() => {
  const now = Date.now();
  gateway.publish(world.move(now), now);
}, TICK_MS);

server.listen(port, '127.0.0.1');
control.listen(controlPort, '127.0.0.1');
console.log(`fake v5 service on http://127.0.0.1:${String(port)} (control ${String(controlPort)})`);

function shutdown(): void {
  clearInterval(ticker);
  gateway.close();
  server.close();
  control.close();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
