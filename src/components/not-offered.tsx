// What a page shows where an endpoint it uses is not offered by the service it talks to: the
// rest of the page keeps working around it.

/** "Not offered by this service", naming the endpoint (e.g. `/fixtures/odds/sgp`). */
export function NotOffered({ endpoint }: { readonly endpoint: string }) {
  return (
    <p className="not-offered" role="status">
      Not offered by this service: <code>{endpoint}</code>
    </p>
  );
}
