// The dashboard shell: product frame and navigation. Pages arrive feature by feature.
export function App() {
  return (
    <div className="shell">
      <header className="shell-header">
        <span className="brand" aria-hidden="true">
          ◆
        </span>
        <h1>Odds Explorer</h1>
        <span className="tagline">v5 Sports Odds Data Service</span>
      </header>
      <main className="shell-main">
        <p>
          Live odds across bookmakers, line movement with opening and closing line value, parlay and
          same-game parlay prices, and settlements — in one place.
        </p>
      </main>
    </div>
  );
}
