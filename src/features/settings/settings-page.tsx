// The settings page: connection (base URL, key, test), display preferences, the bookmakers and
// sports the pages and the stream cover, the exchanges' commission and the fair line. Users land here after a 401.
import { useSearchParams } from 'react-router';
import { NotOfferedLine } from '../../components/not-offered-line.tsx';
import { BookmakerPicker } from './bookmaker-picker.tsx';
import { CommissionForm } from './commission-form.tsx';
import { ConnectionForm } from './connection-form.tsx';
import { FairLineForm } from './fair-line-form.tsx';
import { PreferencesForm } from './preferences-form.tsx';
import { SportPicker } from './sport-picker.tsx';
import { describeReason } from './unauthorized-reason.ts';

/** The endpoints the settings uses: its "not offered" line names those the service lacks. */
const PAGE_ENDPOINTS = ['/sports', '/bookmakers'];

export function SettingsPage() {
  const [params] = useSearchParams();
  const reason = describeReason(params.get('reason'));
  return (
    <section className="settings-page">
      <h2>Settings</h2>
      <NotOfferedLine endpoints={PAGE_ENDPOINTS} />
      {reason !== null && (
        <p className="settings-reason" role="alert">
          {reason}
        </p>
      )}
      <ConnectionForm />
      <PreferencesForm />
      <section className="settings-section" aria-label="Coverage">
        <h3>Coverage</h3>
        <SportPicker />
        <BookmakerPicker />
      </section>
      <CommissionForm />
      <FairLineForm />
    </section>
  );
}
