// The index page: what the dashboard offers.
export function LandingPage() {
  return (
    <p>
      Live odds across bookmakers, line movement with opening and closing line value, parlay and same-game parlay prices,
      and settlements — in one place.
    </p>
  );
}
