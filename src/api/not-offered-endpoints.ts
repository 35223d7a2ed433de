// The endpoints the current service said it does not offer (404/501), as a client learns them: the
// one source of every page's "not offered" line. One per client, so a change of service, key or
// language (a new client) starts from nothing known.

/** A growing set of endpoint paths (`/fixtures/odds/sgp`) with change notification. */
export class NotOfferedEndpoints {
  private endpoints: readonly string[] = [];
  private readonly listeners = new Set<() => void>();

  /** Records that the service answered 404/501 for `endpoint`; notifies only when it is new. */
  add(endpoint: string): void {
    if (this.endpoints.includes(endpoint)) return;
    this.endpoints = [...this.endpoints, endpoint];
    for (const listener of this.listeners) listener();
  }

  /** Every endpoint known not offered, in the order learnt; the same array until one is added. */
  list(): readonly string[] {
    return this.endpoints;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
