// Loads a module of the embedded service (service/…) for dashboard tests in the node environment.
// The service is outside the app's TypeScript project (a src/ file that imported it would pull it
// in), so it is loaded by a computed specifier and each caller types the little it uses.

/**
 * The module at `pathFromRoot` (e.g. `service/service.ts`, from the repository's root), or a bare
 * specifier such as `node:fs`, typed as `T` — nothing checks that the module matches `T`.
 */
export async function loadServiceModule<T>(pathFromRoot: string): Promise<T> {
  // The base through a variable: Vite rewrites `new URL(…, import.meta.url)` as an asset URL in a
  // jsdom test (a page test that starts the service), which no import can load.
  const here = import.meta.url;
  const specifier = pathFromRoot.startsWith('node:') ? pathFromRoot : new URL(`../../../${pathFromRoot}`, here).href;
  return (await import(/* @vite-ignore */ specifier)) as T;
}
