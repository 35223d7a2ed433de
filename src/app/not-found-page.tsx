// A dashboard path no route knows, shown inside the shell.
import { Link, useLocation } from 'react-router';

export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <section>
      <h2>No page here</h2>
      <p>
        The dashboard has no page at <code>{pathname}</code>. <Link to="/">Back to the overview</Link>.
      </p>
    </section>
  );
}
