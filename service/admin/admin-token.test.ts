import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTempDir } from '../sim/test-support.ts';
import { ensureAdminToken } from './admin-token.ts';

describe('ensureAdminToken', () => {
  let dir = '';
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps a token the operator wrote, and refuses one too short to be secret, naming the file', () => {
    dir = makeTempDir();
    const file = path.join(dir, 'admin-token');
    writeFileSync(file, 'my-own-long-admin-secret\n');
    expect(ensureAdminToken(dir)).toEqual({ path: file, token: 'my-own-long-admin-secret' });
    writeFileSync(file, 'short\n');
    expect(() => ensureAdminToken(dir)).toThrow(`the admin token file ${file} holds fewer than 16 characters`);
    expect(readFileSync(file, 'utf8')).toBe('short\n');
  });
});
