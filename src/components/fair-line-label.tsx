// Which fair line a page's fair figures follow: the chosen preset's name, with its books, weights,
// de-vig method, minimum and required book on hover, and a link to change it in the settings.
import { Link } from 'react-router';
import type { DevigMethod } from '../domain/devig.ts';
import { describeFairLineDefinition } from '../domain/fair-line.ts';
import { FAIR_LINE_ANCHOR } from '../settings/fair-line-store.ts';
import { useFairLine } from '../settings/use-fair-line.ts';

export interface FairLineLabelProps {
  readonly method: DevigMethod;
  readonly nameOf: (bookmaker: string) => string;
}

export function FairLineLabel({ method, nameOf }: FairLineLabelProps) {
  const line = useFairLine();
  const definition = describeFairLineDefinition(line, method, nameOf);
  return (
    <span className="fair-line-label" data-fair-line={line.name} title={`Fair line "${line.name}": ${definition}`}>
      Fair line: <strong>{line.name}</strong>{' '}
      <Link to={`/settings#${FAIR_LINE_ANCHOR}`}>change</Link>
    </span>
  );
}
