// The hostile-input contract of the oddsIds endpoints (/fixtures/odds/parlay and /sgp), shared by
// their route tests: whatever the query holds, the answer is a status the spec allows, never a 500.
import fc from 'fast-check';
import { expect } from 'vitest';
import { errorBodySchema } from '../../src/wire/rest-schemas.ts';
import { hostileOddsIds, type TestApp } from './test-world.ts';

/** The statuses an oddsIds endpoint may answer to hostile input. */
export const HOSTILE_INPUT_STATUSES: ReadonlySet<number> = new Set([200, 400, 403, 404, 422, 429, 501, 502]);

/**
 * Asserts, over 150 random hostile `oddsIds` (fast-check), that GET `path` answers with one of
 * HOSTILE_INPUT_STATUSES, a 200 with a body `responseSchema` parses, any other status with a spec
 * error body whose `error` is that status.
 */
export async function expectHostileOddsIdsAnswered(api: TestApp, path: string, responseSchema: { parse(body: unknown): unknown }): Promise<void> {
  await fc.assert(
    fc.asyncProperty(hostileOddsIds(), async (oddsIds) => {
      const { status, body } = await api.get(path, oddsIds);
      expect(HOSTILE_INPUT_STATUSES.has(status), `${String(status)} for ${JSON.stringify(oddsIds)}`).toBe(true);
      if (status === 200) responseSchema.parse(body);
      else expect(errorBodySchema.parse(body).error).toBe(status);
    }),
    { numRuns: 150 },
  );
}
