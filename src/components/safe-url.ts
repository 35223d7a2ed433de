// The one gate through which a URL that came from data (a betslip deep link, a media link) may
// become an href or src: only absolute http(s) URLs pass, so data can never run script.

/**
 * The URL normalised by the URL parser when it is an absolute `http:` or `https:` URL, else null.
 * Refuses `javascript:`, `data:`, `vbscript:`, relative and protocol-relative URLs, in any case
 * and with any leading whitespace or control characters (the parser strips those, so what is
 * checked is what a browser would open). Render nothing, or plain text, for null.
 */
export function safeExternalUrl(raw: string | null | undefined): string | null {
  if (typeof raw !== 'string' || raw === '') return null;
  let url: URL;
  try {
    // No base: a relative or protocol-relative URL throws instead of resolving against the page.
    url = new URL(raw);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // Credentials in a link from data only serve to disguise its host.
  if (url.username !== '' || url.password !== '') return null;
  return url.href;
}
