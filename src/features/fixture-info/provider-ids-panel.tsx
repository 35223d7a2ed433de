// The identifiers tab, for support staff: the fixtureId, the fixture's native ids at external
// providers (from `/mapping/fixtures`, else the fixture view's `externalProviders`) and each
// bookmaker's own fixture id, every one copyable.
import { useQuery } from '@tanstack/react-query';
import { NotOfferedError, describeFailure } from '../../api/api-error.ts';
import { bookmakersQuery, fixtureMappingQuery } from '../../api/queries.ts';
import { useApiClient } from '../../api/use-api-client.ts';
import { useBookmakerMeta } from '../../book/use-book.ts';
import { NotOffered } from '../../components/not-offered.tsx';
import { type FixtureView } from '../../wire/shared-schemas.ts';
import { bookmakerLabel } from '../../wire/reference-schemas.ts';
import { CopyButton } from '../../components/copy-button.tsx';
import { providerIdRows } from './fixture-references.ts';

export function ProviderIdsPanel({ fixtureId, view }: { readonly fixtureId: string; readonly view: FixtureView | null }) {
  const client = useApiClient();
  const mapping = useQuery(fixtureMappingQuery(client, [fixtureId]));
  const bookmakers = useQuery(bookmakersQuery(client));
  const mapped = mapping.data?.find((m) => m.fixtureId === fixtureId)?.externalProviders;
  const providers = mapped ?? view?.externalProviders;
  const rows = providers === undefined ? [] : providerIdRows(providers);

  return (
    <div className="provider-ids">
      <table className="extras-table">
        <caption>Identifiers of this fixture</caption>
        <thead>
          <tr>
            <th scope="col">Where</th>
            <th scope="col">Id</th>
            <th scope="col">
              <span className="fi-sr-only">Copy</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">fixtureId (this service)</th>
            <td>
              <code>{fixtureId}</code>
            </td>
            <td>
              <CopyButton text={fixtureId} label="fixtureId" />
            </td>
          </tr>
          {rows.map((row) => (
            <tr key={row.key}>
              <th scope="row">
                {row.provider} <span className="muted">({row.key})</span>
              </th>
              <td>{row.value === null ? <span className="muted">none</span> : <code>{row.value}</code>}</td>
              <td>{row.value !== null && <CopyButton text={row.value} label={row.key} />}</td>
            </tr>
          ))}
          {(bookmakers.data ?? []).map((b) => (
            <BookmakerIdRow key={b.bookmaker} fixtureId={fixtureId} bookmaker={b.bookmaker} name={bookmakerLabel(b)} />
          ))}
        </tbody>
      </table>
      {mapping.isPending && providers === undefined && <p className="extras-meta">Loading the provider ids…</p>}
      {mapping.isError &&
        (mapping.error instanceof NotOfferedError ? (
          <NotOffered endpoint={mapping.error.endpoint} />
        ) : (
          <p className="extras-meta">
            The mapping endpoint could not be read ({describeFailure(mapping.error)}); the ids shown are the fixture view&apos;s.
          </p>
        ))}
      {providers !== undefined && rows.length === 0 && <p className="extras-meta">No external provider ids for this fixture.</p>}
    </div>
  );
}

/** A bookmaker's native id of the fixture (BookmakerFixtureMeta `bookmakerFixtureId`), once its meta is known. */
function BookmakerIdRow({ fixtureId, bookmaker, name }: { readonly fixtureId: string; readonly bookmaker: string; readonly name: string }) {
  const meta = useBookmakerMeta(fixtureId, bookmaker)?.meta;
  if (meta === undefined) return null;
  const id = meta.bookmakerFixtureId;
  return (
    <tr>
      <th scope="row">
        {name} <span className="muted">(bookmakerFixtureId)</span>
      </th>
      <td>{id === null ? <span className="muted">none</span> : <code>{id}</code>}</td>
      <td>{id !== null && <CopyButton text={id} label={`${name} bookmakerFixtureId`} />}</td>
    </tr>
  );
}
