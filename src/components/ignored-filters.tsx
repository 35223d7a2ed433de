// The sentences a list page's URL parser wrote about filter values it dropped (a malformed or
// outdated shared link), listed under the filter bar so the user sees why a filter is not applied.

/** The "Ignored filters" list; nothing when `problems` is empty. */
export function IgnoredFilters({ problems }: { readonly problems: readonly string[] }) {
  if (problems.length === 0) return null;
  return (
    <ul className="filter-problems" aria-label="Ignored filters">
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}
