// Keeps the schedule window full: which programme days and rotation slots have been planned
// (remembered in the history store's meta, so a restart plans none twice), the fixtures of a
// fresh world (with its guaranteed rare cancellations), and the ones each top-up adds.
import type { HistoryPort } from './history-port.ts';
import { ROTATION_NOTICE_SEC, SchedulePlanner } from './schedule.ts';
import type { PlannedFixture } from './schedule.ts';

const META_PROGRAMME_DAYS = 'programmeDays';
const META_ROTATION_SLOT = 'rotationNextSlot';
/** On first start the rotation is seeded from this far back, so matches are already live. */
const ROTATION_SEED_PAST_SEC = 25 * 60;

export class ScheduleKeeper {
  private programmeDays = new Set<number>();
  private rotationNextSlot = Number.NaN;

  constructor(
    readonly planner: SchedulePlanner,
    private readonly history: HistoryPort,
    private readonly scheduleDays: number,
  ) {}

  /** Reads which days and slots a previous run planned. */
  load(): void {
    const days = this.history.getMeta(META_PROGRAMME_DAYS);
    if (days !== null) this.programmeDays = new Set((JSON.parse(days) as number[]).filter(Number.isInteger));
    const slot = this.history.getMeta(META_ROTATION_SLOT);
    if (slot !== null) this.rotationNextSlot = Number(slot);
  }

  /** Stores which days and slots are planned. */
  save(): void {
    this.history.setMeta(META_PROGRAMME_DAYS, JSON.stringify([...this.programmeDays]));
    if (Number.isFinite(this.rotationNextSlot)) this.history.setMeta(META_ROTATION_SLOT, String(this.rotationNextSlot));
  }

  /**
   * A fresh world's fixtures by start time: the programme from `seedPastDays` back to
   * `scheduleDays` ahead, with the rare cancellations forced in, and the rotation from a little
   * before now.
   */
  seedPlans(nowSec: number, seedPastDays: number): PlannedFixture[] {
    const today = SchedulePlanner.dayOf(nowSec);
    const planned: PlannedFixture[] = [];
    for (let day = today - seedPastDays; day <= today + this.scheduleDays; day++) {
      planned.push(...this.planner.programme(day));
      this.programmeDays.add(day);
    }
    forceCancellations(planned, today, nowSec);
    this.rotationNextSlot = this.planner.rotationSlotAtOrAfter(nowSec - ROTATION_SEED_PAST_SEC);
    planned.push(...this.plannedRotation(nowSec));
    planned.sort((a, b) => a.startTime - b.startTime);
    return planned;
  }

  /**
   * Plans the days up to `scheduleDays` ahead not planned yet and the rotation up to its notice:
   * the fixtures to add (those still to start; the caller skips ones it holds), and whether
   * anything was planned (then the plan is stored).
   */
  topUp(nowMs: number): { plans: PlannedFixture[]; planned: boolean } {
    const nowSec = Math.floor(nowMs / 1000);
    const today = SchedulePlanner.dayOf(nowSec);
    const plans: PlannedFixture[] = [];
    let planned = false;
    for (let day = today; day <= today + this.scheduleDays; day++) {
      if (this.programmeDays.has(day)) continue;
      this.programmeDays.add(day);
      for (const plan of this.planner.programme(day)) if (plan.startTime * 1000 > nowMs) plans.push(plan);
      planned = true;
    }
    if (!Number.isFinite(this.rotationNextSlot)) this.rotationNextSlot = this.planner.rotationSlotAtOrAfter(nowSec);
    for (const plan of this.plannedRotation(nowSec)) {
      if (plan.startTime * 1000 > nowMs - 60_000) plans.push(plan);
      planned = true;
    }
    // Old programme days are forgotten so the set stays small.
    for (const day of this.programmeDays) if (day < today - 40) this.programmeDays.delete(day);
    if (planned) {
      this.history.setMeta(META_PROGRAMME_DAYS, JSON.stringify([...this.programmeDays]));
      this.history.setMeta(META_ROTATION_SLOT, String(this.rotationNextSlot));
    }
    return { plans, planned };
  }

  private plannedRotation(nowSec: number): PlannedFixture[] {
    const planned: PlannedFixture[] = [];
    if (!Number.isFinite(this.rotationNextSlot)) return planned;
    for (;;) {
      const plan = this.planner.rotation(this.rotationNextSlot);
      if (plan === null || plan.startTime > nowSec + ROTATION_NOTICE_SEC) break;
      planned.push(plan);
      this.rotationNextSlot++;
    }
    return planned;
  }
}

/**
 * Guarantees the lifecycle's rare cases in every seeded world: a chain of two reissues
 * (A cancelled → B, B cancelled → C) and a permanent cancellation, in the recent past.
 */
function forceCancellations(planned: PlannedFixture[], today: number, nowSec: number): void {
  const candidates = planned
    .map((p, index) => ({ p, index }))
    .filter(({ p }) => p.sportId === 10 && p.startTime < nowSec - 6 * 3600 && SchedulePlanner.dayOf(p.startTime) >= today - 1);
  const fallback = planned.map((p, index) => ({ p, index })).filter(({ p }) => p.sportId === 10);
  const pool = candidates.length >= 2 ? candidates : fallback;
  const chain = pool[0];
  const permanent = pool[1];
  if (chain !== undefined) {
    const { p } = chain;
    planned[chain.index] = {
      ...p,
      chainReissue: true,
      cancellation: { atMs: (p.startTime - 4 * 3600) * 1000, reissue: true, reissueStartTime: p.startTime + 2 * 3600 },
    };
  }
  if (permanent !== undefined) {
    const { p } = permanent;
    planned[permanent.index] = {
      ...p,
      cancellation: { atMs: (p.startTime - 2 * 3600) * 1000, reissue: false, reissueStartTime: p.startTime },
    };
  }
}
