// The lifecycle statuses of fixtures and futures (spec 3), defined once: their ids, and the
// questions the service and the dashboard ask of a status, so no code compares bare numbers.
// Decide on `statusId` (and `live`), never on `statusName`: the name may be translated. A status
// not known yet (undefined: still loading) is none of them.

/** statusId 0: not started; priced pre-match. */
export const STATUS_PRE_GAME = 0;
/** statusId 1: in play (`live: true`). */
export const STATUS_LIVE = 1;
/** statusId 2: over with a result; settled. */
export const STATUS_FINISHED = 2;
/** statusId 3: called off; every selection void, maybe reissued as another fixture. */
export const STATUS_CANCELLED = 3;

export function isPreGame(statusId: number | undefined): boolean {
  return statusId === STATUS_PRE_GAME;
}

export function isLive(statusId: number | undefined): boolean {
  return statusId === STATUS_LIVE;
}

export function isFinished(statusId: number | undefined): boolean {
  return statusId === STATUS_FINISHED;
}

export function isCancelled(statusId: number | undefined): boolean {
  return statusId === STATUS_CANCELLED;
}

/** Pre-game or live: still open, its books quote and nothing is settled yet. */
export function isOpen(statusId: number | undefined): boolean {
  return statusId === STATUS_PRE_GAME || statusId === STATUS_LIVE;
}

/** Finished or cancelled: over, its prices closed and its selections settled (or void). */
export function isOver(statusId: number | undefined): boolean {
  return statusId === STATUS_FINISHED || statusId === STATUS_CANCELLED;
}
