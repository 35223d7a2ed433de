import { describe, expect, it } from 'vitest';
import { describeStart, formatMoment, formatTick, fromZonedInput, timeZoneOf, toZonedInput } from './time-format.ts';

// 2026-11-24T13:45:30Z; Paris is UTC+1 in November, New York UTC−5.
const MS = Date.UTC(2026, 10, 24, 13, 45, 30);

describe('formatMoment', () => {
  it('writes the moment on the chosen zone\'s clock and names the zone', () => {
    expect(formatMoment(MS, 'UTC')).toBe('2026-11-24 13:45:30 UTC');
    expect(formatMoment(MS, 'Europe/Paris')).toBe('2026-11-24 14:45:30 Europe/Paris');
    expect(formatMoment(MS, 'America/New_York')).toBe('2026-11-24 08:45:30 America/New_York');
  });
});

describe('the time-zone setting', () => {
  it('writes a moment in UTC under "utc", whatever the browser\'s own zone', () => {
    expect(formatMoment(MS, timeZoneOf('utc', 'Europe/Paris'))).toBe('2026-11-24 13:45:30 UTC');
    expect(formatMoment(MS, timeZoneOf('utc', 'America/New_York'))).toBe('2026-11-24 13:45:30 UTC');
  });

  it('writes a moment on the browser\'s own clock under "local", its zone named', () => {
    expect(formatMoment(MS, timeZoneOf('local', 'Europe/Paris'))).toBe('2026-11-24 14:45:30 Europe/Paris');
    expect(formatMoment(MS, timeZoneOf('local', 'Asia/Kolkata'))).toBe('2026-11-24 19:15:30 Asia/Kolkata');
  });

  it('writes the day on the chosen clock: late evening in New York is already tomorrow in UTC', () => {
    const evening = Date.UTC(2026, 10, 25, 2, 30);
    expect(formatMoment(evening, timeZoneOf('local', 'America/New_York'))).toBe('2026-11-24 21:30:00 America/New_York');
    expect(formatMoment(evening, timeZoneOf('utc', 'America/New_York'))).toBe('2026-11-25 02:30:00 UTC');
  });
});

describe('formatTick', () => {
  it('writes the part of the moment a chart\'s span needs, on the chosen clock', () => {
    expect(formatTick(MS, 'UTC', 3_600_000)).toBe('13:45');
    expect(formatTick(MS, 'Europe/Paris', 3_600_000)).toBe('14:45');
    expect(formatTick(MS, 'Europe/Paris', 3 * 86_400_000)).toBe('11-24 14h');
    expect(formatTick(MS, 'Asia/Kolkata', 30 * 86_400_000)).toBe('11-24');
    expect(formatTick(Date.UTC(2026, 10, 24, 23, 30), 'Asia/Kolkata', 30 * 86_400_000)).toBe('11-25');
  });
});

describe('toZonedInput and fromZonedInput', () => {
  it('round-trip a moment through a datetime-local value in any zone', () => {
    for (const zone of ['UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kolkata']) {
      expect(fromZonedInput(toZonedInput(MS, zone), zone)).toBe(MS);
    }
    expect(toZonedInput(MS, 'Asia/Kolkata')).toBe('2026-11-24T19:15:30');
  });

  it('reads a value without seconds and refuses anything else', () => {
    expect(fromZonedInput('2026-11-24T14:45', 'Europe/Paris')).toBe(MS - 30_000);
    expect(fromZonedInput('yesterday', 'UTC')).toBeNull();
    expect(fromZonedInput('2026-13-40T10:00', 'UTC')).toBeNull();
  });

  it('takes the earlier moment in the hour repeated when clocks go back', () => {
    // Paris 2026-10-25 02:30 happens twice: 00:30Z (summer time) and 01:30Z.
    expect(fromZonedInput('2026-10-25T02:30:00', 'Europe/Paris')).toBe(Date.UTC(2026, 9, 25, 0, 30));
  });

  it('moves a time in the hour skipped when clocks go forward an hour on', () => {
    // Paris 2026-03-29 02:30 never happens: 01:30Z reads 03:30.
    expect(fromZonedInput('2026-03-29T02:30:00', 'Europe/Paris')).toBe(Date.UTC(2026, 2, 29, 1, 30));
  });
});

describe('describeStart', () => {
  it('says "starts at" for a pre-game fixture and "started" once it has begun', () => {
    expect(describeStart(MS, 0, 'UTC')).toBe('starts at 2026-11-24 13:45:30 UTC');
    expect(describeStart(MS, 1, 'UTC')).toBe('started 2026-11-24 13:45:30 UTC');
    expect(describeStart(MS, 2, 'UTC')).toBe('started 2026-11-24 13:45:30 UTC');
    expect(describeStart(MS, 3, 'UTC')).toBe('was scheduled for 2026-11-24 13:45:30 UTC');
  });
});
