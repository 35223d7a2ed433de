// The grade of one settled selection, and what it returns per unit staked. Shared by the
// settlement grader, the parlay settlement and the pricing models (a fair price is the one whose
// expected return is exactly the stake).

/** How a selection settled. `half-won`/`half-lost` arise on quarter lines (e.g. −0.25, 2.75). */
export type Grade = 'won' | 'lost' | 'push' | 'half-won' | 'half-lost' | 'void';

export const GRADES: readonly Grade[] = ['won', 'lost', 'push', 'half-won', 'half-lost', 'void'];

/**
 * Return per unit stake, stake included, of a single at decimal `price` that settled with
 * `grade`: won → price; half-won → half at price, half back → (1 + price) / 2; push and void →
 * the stake back (1); half-lost → half back (0.5); lost → 0. Exact: no rounding is applied.
 */
export function returnFactor(grade: Grade, price: number): number {
  switch (grade) {
    case 'won':
      return price;
    case 'half-won':
      return (1 + price) / 2;
    case 'push':
    case 'void':
      return 1;
    case 'half-lost':
      return 0.5;
    case 'lost':
      return 0;
  }
}
