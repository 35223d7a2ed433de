// The gateway's sockets: every open one; the logged-in ones grouped by subscription shape (the
// sockets of one shape share every frame object) and counted per API key (the connection
// limit); those still waiting to log in, per client address and in all (the pending limits);
// and the pump that moves on what slow or replaying sockets hold.
import type { DataFrame } from '../../src/wire/stream-schemas.ts';
import type { Entitlement } from '../http/keys.ts';
import type { Connection } from './connection.ts';
import type { FrameViews, ScopeCache } from './frame-views.ts';
import type { Subscription } from './subscription.ts';

/** How often slow or behind sockets are looked at between batches. */
const PUMP_EVERY_MS = 50;

interface ShapeGroup {
  readonly subscription: Subscription;
  readonly connections: Set<Connection>;
}

export class ConnectionRegistry {
  /** Every open socket, logged in or not. */
  readonly connections = new Set<Connection>();
  private readonly groups = new Map<string, ShapeGroup>();
  private readonly perKey = new Map<Entitlement, number>();
  private readonly pendingByAddress = new Map<string, number>();
  private pendingTotal = 0;
  private pumpTimer: NodeJS.Timeout | null = null;

  /** Subscription shapes in use. */
  get shapes(): number {
    return this.groups.size;
  }

  /** Open sockets that have logged in. */
  loggedIn(): number {
    let n = 0;
    for (const connection of this.connections) if (connection.subscription !== null) n++;
    return n;
  }

  /** Logged-in sockets of a key. */
  openFor(entitlement: Entitlement): number {
    return this.perKey.get(entitlement) ?? 0;
  }

  /** Sockets waiting to log in from `address`. */
  pendingFrom(address: string): number {
    return this.pendingByAddress.get(address) ?? 0;
  }

  /** Sockets waiting to log in, in all. */
  get pending(): number {
    return this.pendingTotal;
  }

  /** Counts a new socket as pending; the returned function (idempotent) stops counting it. */
  holdPending(address: string): () => void {
    this.pendingTotal++;
    this.pendingByAddress.set(address, (this.pendingByAddress.get(address) ?? 0) + 1);
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      this.pendingTotal--;
      const n = (this.pendingByAddress.get(address) ?? 1) - 1;
      if (n <= 0) this.pendingByAddress.delete(address);
      else this.pendingByAddress.set(address, n);
    };
  }

  /** A logged-in socket starts receiving the frames of its shape. */
  join(connection: Connection, sub: Subscription): void {
    let group = this.groups.get(sub.shapeKey);
    if (group === undefined) {
      group = { subscription: sub, connections: new Set() };
      this.groups.set(sub.shapeKey, group);
    }
    group.connections.add(connection);
    this.perKey.set(sub.entitlement, (this.perKey.get(sub.entitlement) ?? 0) + 1);
  }

  /** A socket closed. */
  leave(connection: Connection): void {
    this.connections.delete(connection);
    const sub = connection.subscription;
    if (sub === null) return;
    const group = this.groups.get(sub.shapeKey);
    group?.connections.delete(connection);
    if (group?.connections.size === 0) this.groups.delete(sub.shapeKey);
    const n = (this.perKey.get(sub.entitlement) ?? 1) - 1;
    if (n <= 0) this.perKey.delete(sub.entitlement);
    else this.perKey.set(sub.entitlement, n);
  }

  /** Hands a batch's frames to every logged-in socket they reach, as its shape sees them, then pumps. */
  deliver(frames: readonly DataFrame[], views: FrameViews): void {
    if (this.groups.size === 0) return;
    const scopes: ScopeCache = new Map();
    for (const group of this.groups.values()) {
      for (const frame of frames) {
        const view = views.viewFor(frame, group.subscription, scopes);
        if (view === null) continue;
        for (const connection of group.connections) connection.deliver(view);
      }
    }
    this.pumpAll();
  }

  /** Sends what every socket can take now; keeps a timer running while some socket still holds frames. */
  pumpAll(): void {
    let needed = false;
    for (const connection of this.connections) {
      connection.pump();
      if (connection.needsPump) needed = true;
    }
    if (needed && this.pumpTimer === null) {
      this.pumpTimer = setInterval(() => {
        this.pumpAll();
      }, PUMP_EVERY_MS);
      this.pumpTimer.unref();
    } else if (!needed && this.pumpTimer !== null) {
      clearInterval(this.pumpTimer);
      this.pumpTimer = null;
    }
  }

  /** Shutdown: stops the pump timer. */
  stopPump(): void {
    if (this.pumpTimer !== null) clearInterval(this.pumpTimer);
  }
}
