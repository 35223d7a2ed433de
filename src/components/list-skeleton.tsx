// Placeholder rows while a list loads: the page keeps its shape, and assistive technology hears
// that it is loading.
export function ListSkeleton({ label, rows }: { readonly label: string; readonly rows: number }) {
  return (
    <div className="skeleton" role="status" aria-label={label} aria-busy="true">
      {Array.from({ length: rows }, (_, i) => (
        <div key={i} className="skeleton-row" aria-hidden="true" />
      ))}
    </div>
  );
}
