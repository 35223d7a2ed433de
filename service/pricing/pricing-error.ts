// The error every pricing module throws on invalid input (a bad parameter, an impossible in-play
// state, an empty parlay), so that callers can tell model misuse from bugs.

/** Invalid pricing input. The message names the parameter and what is wrong with it. */
export class PricingError extends Error {
  override readonly name: string = 'PricingError';
}

/** Throws `PricingError` unless `value` is a finite number within [min, max]. */
export function requireNumberIn(value: number, name: string, min: number, max: number): void {
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new PricingError(
      `${name} must be a finite number from ${String(min)} to ${String(max)}, got ${String(value)}`,
    );
  }
}
