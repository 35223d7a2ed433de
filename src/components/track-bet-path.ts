// The link of "Track this bet": the tracker page with its form filled in with the legs and the
// prices taken (the page lives in src/features/tracker; this keeps the link shared, not the page).

/** `/tracker?oddsIds=…&prices=…` for the legs and their prices, in order (null: a leg without a price, left for the user to type). */
export function trackBetPath(oddsIds: readonly string[], prices: readonly (number | null)[]): string {
  const params = new URLSearchParams({ oddsIds: oddsIds.join(','), prices: prices.map((price) => (price === null ? '' : String(price))).join(',') });
  return `/tracker?${params.toString()}`;
}
