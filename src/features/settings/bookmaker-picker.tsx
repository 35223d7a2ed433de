// The bookmakers to show and subscribe to, from the service's /bookmakers.
import { useQuery } from '@tanstack/react-query';
import { bookmakersQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { bookmakerLabel } from '../../wire/reference-schemas.ts';
import { ChoiceList } from './choice-list.tsx';
import { PickerFailure } from './picker-failure.tsx';

export function BookmakerPicker() {
  const client = useApiClient();
  const bookmakers = useQuery(bookmakersQuery(client));
  const chosen = useSettings((s) => s.bookmakers);
  const update = useSettings((s) => s.update);

  if (bookmakers.isPending) return <p className="hint">Loading bookmakers…</p>;
  if (bookmakers.isError) {
    return (
      <PickerFailure
        what="bookmakers"
        error={bookmakers.error}
        onRetry={() => {
          void bookmakers.refetch();
        }}
      />
    );
  }
  return (
    <ChoiceList
      title="Bookmakers"
      choices={bookmakers.data.map((b) => ({ key: b.bookmaker, label: bookmakerLabel(b) }))}
      chosen={chosen}
      onChange={(next) => {
        update({ bookmakers: next });
      }}
    />
  );
}
