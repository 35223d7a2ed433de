// The shell's end of the alert watch (src/stream/alert-watch.ts): while an EV or arbitrage rule is
// on, asks the stream worker to scan every fixture for the rows the rules need — with the trader's
// fair line, commission and hidden books, as /opportunities scans — and hands it the market
// catalogue; whatever page is open. Answers the rows the worker last sent.
import { useCallback, useEffect, useMemo, useSyncExternalStore } from 'react';
import type { ScanConfig } from '../../book/opportunity-scanner.ts';
import { opportunityWatchOf } from '../../domain/alert-rules.ts';
import type { DevigMethod } from '../../domain/devig.ts';
import type { AlertFinds, AlertWatchRequest } from '../../stream/alert-watch.ts';
import { useScanCatalogue } from '../../stream/use-scan-catalogue.ts';
import { useStreamConnection } from '../../stream/use-stream.ts';
import { useBoardPrefs } from '../../settings/use-board-prefs.ts';
import { useFairLine } from '../../settings/use-fair-line.ts';
import { useMovesPrefs } from '../../settings/use-moves-prefs.ts';

/**
 * EV rules de-vig the fair line multiplicatively: the default of /opportunities and the odds screen
 * (the method there is a choice of the page's URL, not a setting an alert could follow).
 */
export const ALERT_DEVIG_METHOD: DevigMethod = 'multiplicative';

const NO_SUBSCRIBE = () => undefined;

export function useOpportunityAlertFinds(): AlertFinds | null {
  const connection = useStreamConnection();
  const { rules } = useMovesPrefs();
  const fairLine = useFairLine();
  const [prefs] = useBoardPrefs();
  const watch = useMemo(() => opportunityWatchOf(rules), [rules]);
  useScanCatalogue(watch !== null);
  // A string, so that an equal request (a re-render, a rule renamed) sends nothing.
  const request = useMemo(() => {
    if (watch === null) return null;
    const config: ScanConfig = {
      fairLine: { weights: fairLine.weights, minBooks: fairLine.minBooks, requiredBook: fairLine.requiredBook },
      method: ALERT_DEVIG_METHOD,
      commission: prefs.commission,
      // Every book can be a leg; EV rules name their books in the watch.
      bettable: null,
      hidden: prefs.hidden,
    };
    return JSON.stringify({ config, watch });
  }, [watch, fairLine, prefs.commission, prefs.hidden]);
  useEffect(() => {
    connection?.watchAlerts(request === null ? null : (JSON.parse(request) as AlertWatchRequest));
  }, [connection, request]);
  useEffect(() => {
    if (connection === null) return undefined;
    return () => {
      connection.watchAlerts(null);
    };
  }, [connection]);
  const subscribe = useCallback((listener: () => void) => (connection === null ? NO_SUBSCRIBE : connection.subscribeAlertFinds(listener)), [connection]);
  return useSyncExternalStore(subscribe, () => connection?.getAlertFinds() ?? null);
}
