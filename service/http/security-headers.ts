// The security headers of the public port, shared by the HTTP app and the gateway's upgrade
// refusals (which write raw HTTP to the socket).

/**
 * Headers every response of the public port carries (API, errors, the dashboard's files, media,
 * /healthz and the gateway's upgrade refusals): no MIME sniffing (a JSON or SVG answer is never
 * run as script or HTML), no Referer sent onwards, never framed (older browsers ignore the CSP's
 * frame-ancestors).
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
};

/** SECURITY_HEADERS as raw HTTP/1.1 header lines, for answers written straight to a socket. */
export const SECURITY_HEADER_LINES = Object.entries(SECURITY_HEADERS)
  .map(([name, value]) => `${name}: ${value}\r\n`)
  .join('');
