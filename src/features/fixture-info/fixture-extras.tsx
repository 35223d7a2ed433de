// A fixture's extras in tabs — lineups, injuries, live statistics and identifiers — as an ARIA
// tablist (arrow keys, Home and End move between tabs). The chosen tab is in the URL (`?info=`).
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, type KeyboardEvent } from 'react';
import { useSearchParams } from 'react-router';
import { fixtureQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { sidesOf } from '../../domain/fixture-text.ts';
import { InjuriesPanel } from './injuries-panel.tsx';
import { LineupsPanel } from './lineups-panel.tsx';
import { ProviderIdsPanel } from './provider-ids-panel.tsx';
import { StatsPanel } from './stats-panel.tsx';
import { useFixtureExtras } from './use-fixture-extras.ts';
import './fixture-info.css';

/** The tabs, in order: the `info` URL value and the label. */
export const EXTRAS_TABS = [
  { id: 'lineups', label: 'Lineups' },
  { id: 'injuries', label: 'Injuries' },
  { id: 'stats', label: 'Live stats' },
  { id: 'ids', label: 'External ids' },
] as const;
export type ExtrasTab = (typeof EXTRAS_TABS)[number]['id'];

/** The search parameter holding the chosen tab. */
export const EXTRAS_PARAM = 'info';

function tabOf(value: string | null): ExtrasTab {
  return EXTRAS_TABS.find((tab) => tab.id === value)?.id ?? 'lineups';
}

/** The tab a key press moves to from `index`, or null for any other key. */
export function nextTabIndex(index: number, key: string, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (index + 1) % count;
    case 'ArrowLeft':
      return (index - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

/**
 * The extras of `fixtureId`. Injuries, lineups and statistics show as the stream last sent them
 * (the service has no REST read for them); the identifiers come from REST.
 */
export function FixtureExtras({ fixtureId }: { readonly fixtureId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const active = tabOf(searchParams.get(EXTRAS_PARAM));
  const baseId = useId();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const client = useApiClient();
  const rest = useQuery(fixtureQuery(client, fixtureId));
  // The REST view only: names and provider ids do not move, and the live view would re-render
  // the tabs on every clock tick.
  const view = rest.data ?? null;
  const sides = view === null ? null : sidesOf(view.participants);
  const extras = useFixtureExtras(fixtureId);

  const choose = (tab: ExtrasTab): void => {
    setSearchParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(EXTRAS_PARAM, tab);
        return next;
      },
      { replace: true },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const index = EXTRAS_TABS.findIndex((tab) => tab.id === active);
    const next = nextTabIndex(index, event.key, EXTRAS_TABS.length);
    const tab = next === null ? undefined : EXTRAS_TABS[next];
    if (next === null || tab === undefined) return;
    event.preventDefault();
    choose(tab.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <section className="fixture-extras" aria-label="Fixture details">
      <div role="tablist" aria-label="Fixture details" className="extras-tablist" onKeyDown={onKeyDown}>
        {EXTRAS_TABS.map((tab, i) => (
          <button
            key={tab.id}
            ref={(element) => {
              tabRefs.current[i] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.id}`}
            aria-selected={tab.id === active}
            aria-controls={`${baseId}-panel-${tab.id}`}
            tabIndex={tab.id === active ? 0 : -1}
            className="extras-tab"
            onClick={() => {
              choose(tab.id);
            }}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {EXTRAS_TABS.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== active}
          tabIndex={0}
          className="extras-panel"
        >
          {tab.id === active && tab.id === 'lineups' && <LineupsPanel lineups={extras.lineups?.payload} sides={sides} />}
          {tab.id === active && tab.id === 'injuries' && <InjuriesPanel injuries={extras.injuries?.payload} sides={sides} />}
          {tab.id === active && tab.id === 'stats' && <StatsPanel stats={extras.stats?.payload} sides={sides} />}
          {tab.id === active && tab.id === 'ids' && <ProviderIdsPanel fixtureId={fixtureId} view={view} />}
        </div>
      ))}
    </section>
  );
}
