import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeExternalUrl } from './safe-url.ts';

describe('safeExternalUrl', () => {
  it('passes an https betslip link, normalised', () => {
    expect(safeExternalUrl('https://book.example/slip?legs=a,b')).toBe('https://book.example/slip?legs=a,b');
  });

  it('passes an http link', () => {
    expect(safeExternalUrl('HTTP://Book.Example/x')).toBe('http://book.example/x');
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    'JAVASCRIPT:alert(document.cookie)',
    ' javascript:alert(1)',
    '\tjavascript:alert(1)',
    '\u0000javascript:alert(1)',
    '\njava\nscript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'DATA:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
    'vbscript:msgbox(1)',
    'VBScript:msgbox(1)',
    'file:///etc/passwd',
    'blob:https://book.example/uuid',
    'ftp://book.example/x',
    '/relative/path',
    'relative/path',
    '//evil.example/x',
    '#fragment',
    '',
    '   ',
    'https://user:pass@evil.example/',
  ])('refuses %j', (raw) => {
    expect(safeExternalUrl(raw)).toBeNull();
  });

  it('refuses undefined and null', () => {
    expect(safeExternalUrl(undefined)).toBeNull();
    expect(safeExternalUrl(null)).toBeNull();
  });

  it('only ever returns http or https URLs, whatever the input', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.webUrl(), fc.constantFrom('javascript', 'data', 'vbscript', 'http', 'https').chain((s) => fc.string().map((rest) => `${s}:${rest}`))), (raw) => {
        const out = safeExternalUrl(raw);
        if (out !== null) expect(out).toMatch(/^https?:\/\//);
      }),
      { numRuns: 500 },
    );
  });
});
