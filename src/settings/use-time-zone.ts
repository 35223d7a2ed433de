// The zone the user chose for every time the app shows (their own or UTC), and the one way to write
// a moment in it (src/domain/time-format.ts).
import { useMemo } from 'react';
import { formatMoment, timeZoneOf } from '../domain/time-format.ts';
import { useSettings } from './use-settings.ts';

/** The browser's own IANA zone. */
export const LOCAL_TIME_ZONE: string = Intl.DateTimeFormat().resolvedOptions().timeZone;

export interface TimeZoneView {
  /** The IANA zone times are shown in. */
  readonly timeZone: string;
  /** `2026-11-24 14:45:30 Europe/Paris`. */
  readonly format: (ms: number) => string;
}

export function useTimeZone(): TimeZoneView {
  const setting = useSettings((s) => s.timeZone);
  return useMemo(() => {
    const timeZone = timeZoneOf(setting, LOCAL_TIME_ZONE);
    return { timeZone, format: (ms: number) => formatMoment(ms, timeZone) };
  }, [setting]);
}
