import { describe, expect, it } from 'vitest';
import { defaultSgpKnobs } from './port.ts';

describe('defaultSgpKnobs', () => {
  it('starts with SGP enabled, the pricing service reachable and no failing bookmaker', () => {
    const knobs = defaultSgpKnobs();
    expect(knobs).toMatchObject({ sgpEnabled: true, backendUnreachable: false });
    expect(knobs.fetchFailedBookmakers.size + knobs.rateLimitedBookmakers.size).toBe(0);
  });

  it('gives a fresh object each time, so one test or service never shares another one knobs', () => {
    expect(defaultSgpKnobs().fetchFailedBookmakers).not.toBe(defaultSgpKnobs().fetchFailedBookmakers);
  });
});
