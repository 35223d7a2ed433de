// The per-install admin token: a secret in DATA_DIR that only the operator's account can read, so a
// page in a browser on the same machine (which can reach loopback ports but not read files)
// cannot drive the knobs. Created on the first start, reused afterwards.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { chmodSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The token's file name inside DATA_DIR. */
export const ADMIN_TOKEN_FILE = 'admin-token';

/** Shorter tokens are refused: a hand-written token must still be hard to guess. */
const MIN_TOKEN_LENGTH = 16;

export interface AdminToken {
  /** `<DATA_DIR>/admin-token`: safe to print, unlike the value. */
  readonly path: string;
  readonly token: string;
}

export function adminTokenPath(dataDir: string): string {
  return path.join(dataDir, ADMIN_TOKEN_FILE);
}

function alreadyExists(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'EEXIST';
}

/** The token in `<dataDir>/admin-token`; throws a message naming the file when it is missing or too short. */
export function readAdminToken(dataDir: string): string {
  const file = adminTokenPath(dataDir);
  const token = readFileSync(file, 'utf8').trim();
  if (token.length < MIN_TOKEN_LENGTH) {
    throw new Error(`the admin token file ${file} holds fewer than ${String(MIN_TOKEN_LENGTH)} characters: delete it and restart to make a new token`);
  }
  return token;
}

/**
 * The install's token: read from `<dataDir>/admin-token`, or created there (32 random bytes,
 * base64url) when the file is missing. The file is made, or put back, to mode 0600.
 */
export function ensureAdminToken(dataDir: string): AdminToken {
  const file = adminTokenPath(dataDir);
  try {
    // 'wx' fails when the file exists, so two starts on one directory keep the first token.
    writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if (!alreadyExists(error)) throw error;
  }
  // The mode of a reused file may have been widened by hand (or by a copy): narrow it again.
  chmodSync(file, 0o600);
  return { path: file, token: readAdminToken(dataDir) };
}

/** `Authorization: Bearer <token>` carries `expected`; compared in constant time (digests have one length). */
export function bearerMatches(authorization: string | undefined, expected: string): boolean {
  const match = /^Bearer +(\S+) *$/iu.exec(authorization ?? '');
  const given = match?.[1];
  if (given === undefined) return false;
  const digest = (value: string): Buffer => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
