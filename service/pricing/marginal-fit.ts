// The joint distribution of n win-or-lose legs as a table over their 2ⁿ win patterns, and its
// fit to other marginals (a bookmaker's no-vig leg probabilities) keeping the model's dependence.
//
// Pattern x is a bit mask: bit i set when leg i wins. The model gives P(every leg of S wins) for
// each subset S (one joint expectation per subset); the table follows by Möbius inversion,
// p(x) = Σ_{S ⊇ W(x)} (−1)^{|S|−|W(x)|} P(S). The fit is iterative proportional fitting: each
// leg's win and lose halves are scaled in turn to the target marginal, which keeps every
// odds ratio of the model's table (its dependence structure, the I-projection of the model's
// table onto the target marginals). Independent legs stay independent: the fitted all-win cell
// is then the product of the targets. A zero of the model's table stays zero (a pattern the
// model calls impossible stays impossible), so targets that contradict the model's structure
// (a leg implying another, priced longer than it) have no fit: `fitMarginals` answers null.

/** IPF stops when every marginal is within this of its target. */
export const FIT_TOLERANCE = 1e-12;
/** IPF sweeps before giving up (the targets are then incompatible with the table's zeros). */
const MAX_SWEEPS = 2000;

/**
 * The 2ⁿ pattern table from P(all of S win) for every subset mask S (`allWin[0]` = 1, the empty
 * set). Rounding can leave cells a few ulps below 0: they are clamped to 0 and the table is
 * renormalised.
 */
export function patternTable(n: number, allWin: Float64Array): Float64Array {
  const size = 1 << n;
  if (allWin.length !== size) throw new RangeError(`need ${String(size)} subset probabilities, got ${String(allWin.length)}`);
  // Superset Möbius transform, one leg at a time: f(S) ← f(S) − f(S ∪ {i}) for S without i.
  const table = Float64Array.from(allWin);
  for (let i = 0; i < n; i += 1) {
    const bit = 1 << i;
    for (let mask = 0; mask < size; mask += 1) {
      if ((mask & bit) === 0) table[mask] = (table[mask] ?? 0) - (table[mask | bit] ?? 0);
    }
  }
  let total = 0;
  for (let x = 0; x < size; x += 1) {
    const v = Math.max(0, table[x] ?? 0);
    table[x] = v;
    total += v;
  }
  if (total > 0) for (let x = 0; x < size; x += 1) table[x] = (table[x] ?? 0) / total;
  return table;
}

/** P(leg i wins) under a pattern table. */
export function marginalOf(table: Float64Array, i: number): number {
  const bit = 1 << i;
  let sum = 0;
  for (let x = 0; x < table.length; x += 1) if ((x & bit) !== 0) sum += table[x] ?? 0;
  return sum;
}

/**
 * The table fitted to `targets` (P(leg i wins), each in (0, 1)) by iterative proportional
 * fitting, or null when no table with the model's zeros has these marginals.
 */
export function fitMarginals(model: Float64Array, targets: readonly number[]): Float64Array | null {
  const n = targets.length;
  if (model.length !== 1 << n) throw new RangeError(`a table of ${String(n)} legs has ${String(1 << n)} cells, got ${String(model.length)}`);
  for (const t of targets) if (!(t > 0 && t < 1)) return null;
  const table = Float64Array.from(model);
  for (let sweep = 0; sweep < MAX_SWEEPS; sweep += 1) {
    let worst = 0;
    for (let i = 0; i < n; i += 1) {
      const target = targets[i] ?? 0;
      const win = marginalOf(table, i);
      const lose = 1 - win;
      if (!(win > 0) || !(lose > 0)) return null;
      worst = Math.max(worst, Math.abs(win - target));
      const up = target / win;
      const down = (1 - target) / lose;
      const bit = 1 << i;
      for (let x = 0; x < table.length; x += 1) table[x] = (table[x] ?? 0) * ((x & bit) !== 0 ? up : down);
    }
    if (worst <= FIT_TOLERANCE) return table;
  }
  // Converged slowly but within the tolerance the callers check (1e-9): accept; otherwise none.
  for (let i = 0; i < n; i += 1) if (Math.abs(marginalOf(table, i) - (targets[i] ?? 0)) > 1e-9) return null;
  return table;
}
