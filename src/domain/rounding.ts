// One rounding rule for every number a trader acts on, so that the service and the dashboard
// round a price, margin or probability identically.

/**
 * Rounds `value` to `decimals` places, half away from zero, on the decimal value a person reads:
 * the binary float is first cleaned to 15 significant digits, so 1.005 rounds to 1.01 and
 * −2.5 to −3 (plain `Math.round` gives 1 for 100.49999999999999 and −2 for −2.5).
 * `decimals` must be an integer from 0 to 12.
 */
export function roundHalfAwayFromZero(value: number, decimals = 0): number {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 12) {
    throw new RangeError(`decimals must be an integer from 0 to 12, got ${String(decimals)}`);
  }
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  const scaled = Number((Math.abs(value) * factor).toPrecision(15));
  const rounded = Math.floor(scaled + 0.5) / factor;
  // Avoid returning −0 for values that round to zero.
  return value < 0 && rounded !== 0 ? -rounded : rounded;
}
