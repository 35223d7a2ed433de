// Base64 to bytes for `dict` frames, with the platform's atob (browsers, workers, Node ≥ 16).

/** Decodes standard base64. @throws DOMException (InvalidCharacterError) on bad input. */
export function base64ToBytes(base64: string): Uint8Array {
  const binary = atob(base64);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}
