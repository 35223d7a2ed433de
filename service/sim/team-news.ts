// Team news of the quoted fixtures: injuries and lineups drawn when a fixture's books open, the
// lineups confirmed an hour before kick-off, and an injury update for each piece of news on the
// fixture's information path. Kept in the world for REST, and published through the feed.
import type { PlayerRef } from '../catalogue/types.ts';
import type { ChangeFeed } from './change-feed.ts';
import { drawInjuries, drawLineups, updateInjuries } from './extras.ts';
import type { FixtureRuntime } from './fixture-runtime.ts';
import type { SimWorld } from './sim-world.ts';

export class TeamNews {
  constructor(
    private readonly world: SimWorld,
    private readonly feed: ChangeFeed,
    /** False while seeding: the news is kept, not published. */
    private readonly publishing: () => boolean,
  ) {}

  /** Draws the fixture's injuries (once) and its lineups, confirmed or expected. */
  publish(runtime: FixtureRuntime, nowMs: number, confirmed: boolean): void {
    const plan = runtime.record.planned;
    const rng = runtime.rng.fork('news');
    let injuries = this.world.injuries.get(plan.fixtureId);
    if (injuries === undefined) {
      injuries = drawInjuries(plan.fixtureId, this.sides(runtime), [plan.participant1Id, plan.participant2Id], rng, nowMs);
      this.world.injuries.set(plan.fixtureId, injuries);
      if (this.publishing()) this.feed.injuriesOf(injuries);
    }
    const lineups = drawLineups(plan.fixtureId, plan.sportId, this.sides(runtime), injuries, confirmed, rng, nowMs);
    this.world.lineups.set(plan.fixtureId, lineups);
    if (this.publishing()) this.feed.lineupsOf(lineups);
  }

  /**
   * The lineups are confirmed when the fixture's information path says (an hour before kick-off),
   * and each piece of team news on it publishes an injury update: the news that moves the line.
   */
  maybeUpdate(runtime: FixtureRuntime, nowMs: number): void {
    const plan = runtime.record.planned;
    const lineups = this.world.lineups.get(plan.fixtureId);
    if (lineups !== undefined && !lineups.confirmed && runtime.lineupsConfirmedBy(nowMs)) this.publish(runtime, nowMs, true);
    const injuries = this.world.injuries.get(plan.fixtureId);
    const news = runtime.takeTeamNews();
    if (injuries !== undefined && news > 0) {
      const updated = updateInjuries(injuries, runtime.rng, nowMs);
      if (updated !== null) {
        this.world.injuries.set(plan.fixtureId, updated);
        if (this.publishing()) this.feed.injuriesOf(updated);
      }
    }
  }

  private sides(runtime: FixtureRuntime): [readonly PlayerRef[], readonly PlayerRef[]] {
    const plan = runtime.record.planned;
    return [this.world.playersOf(plan.participant1Id), this.world.playersOf(plan.participant2Id)];
  }
}
