// The sports to show and subscribe to, from the service's /sports.
import { useQuery } from '@tanstack/react-query';
import { sportsQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { useSettings } from '../../settings/use-settings.ts';
import { ChoiceList } from './choice-list.tsx';
import { PickerFailure } from './picker-failure.tsx';

export function SportPicker() {
  const client = useApiClient();
  const sports = useQuery(sportsQuery(client));
  const chosen = useSettings((s) => s.sportIds);
  const update = useSettings((s) => s.update);

  if (sports.isPending) return <p className="hint">Loading sports…</p>;
  if (sports.isError) {
    return (
      <PickerFailure
        what="sports"
        error={sports.error}
        onRetry={() => {
          void sports.refetch();
        }}
      />
    );
  }
  return (
    <ChoiceList
      title="Sports"
      choices={sports.data.map((s) => ({ key: s.sportId, label: s.sportName }))}
      chosen={chosen}
      onChange={(next) => {
        update({ sportIds: next });
      }}
    />
  );
}
