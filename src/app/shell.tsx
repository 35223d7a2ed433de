// The dashboard shell: product frame, navigation and the page of the current route. Pages add a
// link to NAV_ITEMS and a route to ./routes.tsx.
import { useId, useState, type ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { DisplaySwitches } from './display-switches.tsx';
import { ConnectionIndicator } from '../features/connection/connection-indicator.tsx';
import { AlertsBell } from '../features/moves/alerts-bell.tsx';
import { feedHeadline } from '../features/connection/feed-headline.ts';
import { RateLimitIndicator } from './rate-limit-indicator.tsx';
import { useStreamStatus } from '../stream/use-stream.ts';

/** The links of the main navigation, in order. */
export const NAV_ITEMS: readonly { readonly to: string; readonly label: string; readonly end?: boolean }[] = [
  { to: '/', label: 'Overview', end: true },
  { to: '/fixtures', label: 'Fixtures' },
  { to: '/opportunities', label: 'Opportunities' },
  { to: '/futures', label: 'Futures' },
  { to: '/markets', label: 'Markets' },
  { to: '/moves', label: 'Moves' },
  { to: '/parlay', label: 'Parlay' },
  { to: '/settlement', label: 'Settlement' },
  { to: '/tracker', label: 'Tracker' },
  { to: '/watchlist', label: 'Watchlist' },
  { to: '/settings', label: 'Settings' },
];

export function ShellFrame({ children }: { readonly children: ReactNode }) {
  // On a narrow screen the navigation folds behind a menu button (./app.css); wide, it is always shown.
  const [menuOpen, setMenuOpen] = useState(false);
  const navId = useId();
  // The stream's state on the frame, so that every page's prices dim while the feed is stalled.
  const feed = feedHeadline(useStreamStatus()).kind;
  return (
    <div className="shell" data-feed={feed}>
      <header className="shell-header">
        <span className="brand" aria-hidden="true">
          ◆
        </span>
        <h1>Odds Explorer</h1>
        <span className="tagline">v5 Sports Odds Data Service</span>
        <button
          type="button"
          className="shell-menu-button"
          aria-expanded={menuOpen}
          aria-controls={navId}
          onClick={() => {
            setMenuOpen(!menuOpen);
          }}
        >
          Menu
        </button>
        <nav id={navId} className={menuOpen ? 'shell-nav is-open' : 'shell-nav'} aria-label="Main">
          {NAV_ITEMS.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.end ?? false}
              onClick={() => {
                setMenuOpen(false);
              }}
            >
              {item.label}
            </NavLink>
          ))}
        </nav>
        <DisplaySwitches />
        <AlertsBell />
        <ConnectionIndicator />
        <RateLimitIndicator />
      </header>
      <main className="shell-main">{children}</main>
    </div>
  );
}

/** The layout route: the shell around the current page. */
export function Shell() {
  return (
    <ShellFrame>
      <Outlet />
    </ShellFrame>
  );
}
