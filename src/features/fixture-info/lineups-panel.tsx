// The lineups tab: each side's formation, starters and substitutes, predicted or confirmed, as the
// stream's `lineups` channel last sent them.
import { useTimeZone } from '../../settings/use-time-zone.ts';
import type { LineupPlayer, LineupsPayload, TeamLineup } from '../../wire/shared-schemas.ts';
import { streamOnlyText } from './extras-text.ts';
import type { Side } from '../../domain/fixture-text.ts';

export function LineupsPanel({ lineups, sides }: { readonly lineups: LineupsPayload | undefined; readonly sides: readonly [Side, Side] | null }) {
  const { format } = useTimeZone();
  if (lineups === undefined) return <p className="extras-empty">{streamOnlyText('lineups', 'lineups')}</p>;
  return (
    <div className="lineups">
      <p className="extras-meta">
        {lineups.confirmed ? 'Confirmed lineups' : 'Predicted lineups (not confirmed yet)'}, updated <time dateTime={lineups.updatedAt}>{format(Date.parse(lineups.updatedAt))}</time>
      </p>
      <div className="lineups-sides">
        <TeamColumn team={lineups.lineups.participant1} name={sides?.[0].name ?? 'Participant 1'} />
        <TeamColumn team={lineups.lineups.participant2} name={sides?.[1].name ?? 'Participant 2'} />
      </div>
    </div>
  );
}

function TeamColumn({ team, name }: { readonly team: TeamLineup; readonly name: string }) {
  return (
    <section className="lineup-team" aria-label={`${name} lineup`}>
      <h4>
        {name}
        {team.formation !== null && <span className="lineup-formation"> ({team.formation})</span>}
      </h4>
      {team.starters.length === 0 && team.substitutes.length === 0 ? (
        <p className="extras-empty">No lineup for this participant.</p>
      ) : (
        <>
          <PlayerList title="Starters" players={team.starters} />
          {team.substitutes.length > 0 && <PlayerList title="Substitutes" players={team.substitutes} />}
        </>
      )}
    </section>
  );
}

function PlayerList({ title, players }: { readonly title: string; readonly players: readonly LineupPlayer[] }) {
  return (
    <>
      <h5>{title}</h5>
      <ol className="lineup-players">
        {players.map((player) => (
          <li key={player.playerId}>
            <span className="shirt-number">{player.shirtNumber ?? '–'}</span> {player.playerName}
            {player.position !== null && <span className="player-position"> · {player.position}</span>}
          </li>
        ))}
      </ol>
    </>
  );
}
