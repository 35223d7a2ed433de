// The HTTP face of the service: the v5 REST API under `/{lang}/…` (keys, entitlements, rate
// limits, the spec's error bodies, CORS) and, when built, the dashboard itself at `/`.
import { existsSync } from 'node:fs';
import type { Duplex } from 'node:stream';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { FIXTURE_FILTERS_HEADER } from '../../src/wire/rest-schemas.ts';
import { LANGS, type Lang } from '../../src/wire/limits.ts';
import { type AuthThrottle, requestAddress } from './auth-throttle.ts';
import type { Redis } from 'ioredis';
import { ApiError, ERROR_CODE, notFound } from './errors.ts';
import { BUCKET_LIMITS, ENDPOINTS, type EndpointSpec } from './endpoints.ts';
import type { Entitlement, KeyRing } from './keys.ts';
import { SECURITY_HEADER_LINES, SECURITY_HEADERS } from './security-headers.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's entitlement, set by authentication before any API handler runs. */
    entitlement: Entitlement | null;
    lang: Lang;
  }
  interface FastifyContextConfig {
    endpoint?: EndpointSpec;
  }
}

/** A route handler of the API: gets the parsed query and the request, returns the JSON body. */
export type ApiHandler = (query: Readonly<Record<string, string | undefined>>, request: FastifyRequest, reply: FastifyReply) => unknown;

export interface HttpAppOptions {
  readonly keys: KeyRing;
  /** Handlers by endpoint name; an endpoint without a handler is not mounted. */
  readonly handlers: Partial<Record<keyof typeof ENDPOINTS, ApiHandler>>;
  /** The built dashboard (vite's dist/); served at `/` when it exists. */
  readonly dashboardDir?: string | undefined;
  /** Extra routes outside `/{lang}` (public media, health). */
  readonly extraRoutes?: (app: FastifyInstance) => void;
  /**
   * Throttles failed authentication per client address (shared with the gateway). Absent: 401s are
   * never throttled (partial apps in tests); the service always gives one.
   */
  readonly authThrottle?: AuthThrottle | undefined;
  /** Proxies whose X-Forwarded-For names the client (a cluster's HAProxy); see requestAddress. */
  readonly trustedProxies?: ReadonlySet<string>;
  /** A Redis shared by a cluster's edges: the rate limits are then counted there, cluster-wide. */
  readonly rateLimitRedis?: Redis | undefined;
  /** Called with every unexpected error (already answered as a 500 body). Never given the query string. */
  readonly onInternalError?: (error: unknown, method: string, path: string) => void;
}

/**
 * The dashboard's Content-Security-Policy: no inline or foreign script (Vite emits none; the
 * zstd-dict decoder needs 'wasm-unsafe-eval'), no inline style (React sets styles through the
 * CSSOM, which CSP does not govern), and connect-src/img-src open to any http(s)/ws(s) origin
 * because the user may point the dashboard at another service (its badges included).
 */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self' 'wasm-unsafe-eval'",
  "worker-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: http: https:",
  "font-src 'self'",
  "connect-src 'self' http: https: ws: wss:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** The query as flat strings: a repeated parameter keeps its first value; arrays never reach handlers. */
function flatQuery(query: unknown): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  if (query === null || typeof query !== 'object') return out;
  for (const [k, v] of Object.entries(query as Record<string, unknown>)) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
  }
  return out;
}

/** The path of a request without its query string: what may be logged or echoed. */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * Requests Node's HTTP parser refuses before Fastify sees them (request line and headers over
 * 16 KB, malformed HTTP, a timeout) still get the spec's error body, never a bare parser message.
 */
function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, code, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'request_timeout', 'The request was not received in time.']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [400, ERROR_CODE.invalidFilters, 'The request line and headers exceed 16 KB: send fewer or shorter ids (at most 100 per list).']
        : [400, ERROR_CODE.invalidFilters, 'The request could not be read as HTTP.'];
  const body = JSON.stringify({ error: status, message, code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${String(status)} ${status === 408 ? 'Request Timeout' : 'Bad Request'}\r\nContent-Length: ${String(Buffer.byteLength(body))}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n${SECURITY_HEADER_LINES}Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** Every key the request presents: each X-API-Key header and each apiKey parameter, in order. */
function presentedKeys(request: FastifyRequest): string[] {
  const header = request.headers['x-api-key'];
  const query = request.query !== null && typeof request.query === 'object' ? (request.query as Record<string, unknown>).apiKey : undefined;
  const keys: string[] = [];
  for (const value of [header, query].flat()) if (typeof value === 'string') keys.push(value);
  return keys;
}

function authenticate(request: FastifyRequest, keys: KeyRing): Entitlement {
  const presented = presentedKeys(request);
  // Two different keys in any mix of header and parameters (a repeated apiKey included) are refused
  // whole: picking one would let a request be judged by a key other than the one its sender meant.
  if (new Set(presented).size > 1) {
    throw new ApiError(401, ERROR_CODE.unauthorized, 'Send the API key once: either the X-API-Key header or the apiKey parameter, not two different keys.');
  }
  const apiKey = presented[0];
  if (apiKey === undefined || apiKey === '') {
    throw new ApiError(401, ERROR_CODE.unauthorized, 'Missing API key: send it in the X-API-Key header (or the apiKey parameter).');
  }
  const entitlement = keys.get(apiKey);
  if (!entitlement) throw new ApiError(401, ERROR_CODE.unauthorized, 'Invalid API key.');
  return entitlement;
}

/**
 * Authenticates, counting each 401 against the client's address: past the throttle's limit the
 * failure is a 429 instead (a valid key is never judged by it).
 */
function authenticateThrottled(request: FastifyRequest, keys: KeyRing, throttle: AuthThrottle | undefined, trustedProxies: ReadonlySet<string>): Entitlement {
  try {
    return authenticate(request, keys);
  } catch (error) {
    const retryAfterSec = throttle !== undefined && error instanceof ApiError ? throttle.fail(requestAddress(request.raw, trustedProxies)) : null;
    if (retryAfterSec === null || throttle === undefined) throw error;
    const { maxFailures, windowMs } = throttle.settings;
    throw new ApiError(
      429,
      ERROR_CODE.rateLimited,
      `Too many failed API key attempts from this address: more than ${String(maxFailures)} within ${String(windowMs / 1000)} s. Retry in ${String(retryAfterSec)} s.`,
      retryAfterSec,
    );
  }
}

export async function buildHttpApp(options: HttpAppOptions): Promise<FastifyInstance> {
  const trustedProxies = options.trustedProxies ?? new Set<string>();
  const app = Fastify({
    logger: false,
    // Hostile input: bound what the parser accepts; long id lists are legitimate, megabytes are not.
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // The router's own refusals (bad percent-encoding, a path segment over 500 characters) get the
    // spec's body; Fastify's default echoes the whole URL, query string (and any apiKey) included.
    frameworkErrors: (error, _request, frameworkReply) => {
      const reply = frameworkReply as FastifyReply;
      const body =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? notFound('No endpoint at this path: a path segment is longer than 500 characters.')
          : new ApiError(400, ERROR_CODE.invalidFilters, 'The request URL could not be read: malformed percent-encoding.');
      void reply.status(body.status).headers(SECURITY_HEADERS).send(body.toBody());
    },
    clientErrorHandler: answerClientError,
  });
  app.decorateRequest('entitlement', null);
  app.decorateRequest('lang', 'en');
  // First hook of all, so even answers a later hook gives (CORS preflight, authentication) carry them.
  app.addHook('onRequest', (_request, reply, done) => {
    void reply.headers(SECURITY_HEADERS);
    done();
  });

  await app.register(cors, {
    origin: true,
    methods: ['GET', 'HEAD', 'OPTIONS'],
    allowedHeaders: ['X-API-Key', 'Content-Type'],
    exposedHeaders: ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', 'Retry-After', 'Location', FIXTURE_FILTERS_HEADER],
    maxAge: 600,
  });

  await app.register(rateLimit, {
    global: false,
    // A cluster's edges count each key's requests in one Redis: a limit holds across edges.
    // Redis away: requests are let through (each edge's other limits still hold) rather than failed.
    ...(options.rateLimitRedis === undefined ? {} : { redis: options.rateLimitRedis, nameSpace: 'odds:rate:', skipOnError: true }),
    hook: 'preHandler',
    keyGenerator: (request) => `${request.entitlement?.apiKey ?? ''}\u0000${request.routeOptions.config.endpoint?.path ?? ''}`,
    allowList: (request) => request.entitlement?.limitsExempt === true,
    errorResponseBuilder: (_request, context) => {
      const retryAfterSec = Math.max(1, Math.ceil(context.ttl / 1000));
      const error = new ApiError(
        429,
        ERROR_CODE.rateLimited,
        `Rate limit exceeded: ${context.max} requests per ${context.after} for this endpoint and key. Retry in ${retryAfterSec} s.`,
        retryAfterSec,
      );
      return Object.assign(error, { statusCode: 429 });
    },
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof ApiError) {
      if (error.retryAfterSec !== undefined) void reply.header('retry-after', String(error.retryAfterSec));
      return reply.status(error.status).send(error.toBody());
    }
    const status = typeof (error as { statusCode?: unknown }).statusCode === 'number' ? (error as { statusCode: number }).statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (malformed URL, bad header): keep the status, use our body.
      const body = new ApiError(status, status === 404 ? ERROR_CODE.notFound : ERROR_CODE.invalidFilters, 'The request could not be read.');
      return reply.status(status).send(body.toBody());
    }
    options.onInternalError?.(error, request.method, pathOf(request.url));
    return reply.status(500).send(new ApiError(500, ERROR_CODE.internal, 'Internal error; it has been logged.').toBody());
  });

  const langSet = new Set<string>(LANGS);
  for (const [name, spec] of Object.entries(ENDPOINTS) as [keyof typeof ENDPOINTS, EndpointSpec][]) {
    const handler = options.handlers[name];
    if (!handler) continue;
    const bucket = BUCKET_LIMITS[spec.bucket];
    app.route({
      method: 'GET',
      url: `/:lang${spec.path}`,
      config: { endpoint: spec, rateLimit: { max: bucket.max, timeWindow: bucket.windowMs } },
      onRequest: (request, _reply, done) => {
        const lang = (request.params as { lang?: string }).lang ?? '';
        if (!langSet.has(lang)) {
          throw notFound(`Unknown language prefix "${lang.slice(0, 20)}": use one of ${LANGS.join(', ')}.`);
        }
        request.lang = lang as Lang;
        request.entitlement = authenticateThrottled(request, options.keys, options.authThrottle, trustedProxies);
        done();
      },
      handler: async (request, reply) => {
        const entitlement = request.entitlement;
        if (!entitlement?.allowsEndpoint(spec.family)) {
          throw new ApiError(403, ERROR_CODE.channelNotAllowed, `This API key is not entitled to ${spec.path} (endpoint family "${spec.family}").`);
        }
        return handler(flatQuery(request.query), request, reply);
      },
    });
  }

  options.extraRoutes?.(app);

  const dashboard = options.dashboardDir !== undefined && existsSync(options.dashboardDir) ? options.dashboardDir : undefined;
  if (dashboard !== undefined) {
    await app.register(fastifyStatic, { root: dashboard, prefix: '/', wildcard: false, index: ['index.html'] });
    // Every HTML page of the dashboard (index and client-side routes) carries the CSP, and so do
    // its scripts: a worker (the stream's SharedWorker) is governed by its own script's policy.
    app.addHook('onSend', (_request, reply, payload, done) => {
      const type = reply.getHeader('content-type');
      if (typeof type === 'string' && (type.startsWith('text/html') || type.startsWith('text/javascript') || type.startsWith('application/javascript'))) {
        void reply.header('content-security-policy', DASHBOARD_CSP);
      }
      done(null, payload);
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const path = pathOf(request.url);
    const firstSegment = path.split('/')[1] ?? '';
    const looksLikeApi = langSet.has(firstSegment) || /^[a-z]{2}$/.test(firstSegment);
    if (request.method === 'GET' && dashboard !== undefined && !looksLikeApi && !path.startsWith('/media/') && !path.startsWith('/ws')) {
      // Client-side routes of the dashboard (/fixtures/…): serve the app and let it route.
      return reply.type('text/html').sendFile('index.html');
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return reply.status(405).header('allow', 'GET').send(new ApiError(405, ERROR_CODE.methodNotAllowed, `Method ${request.method} is not allowed: every endpoint is GET.`).toBody());
    }
    return reply.status(404).send(notFound(`No endpoint at ${path.slice(0, 200)}.`).toBody());
  });

  return app;
}
