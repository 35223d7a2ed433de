// What the shell shows when a page throws while rendering: the frame stays, the error is in words.
import { useRouteError } from 'react-router';
import { QueryFailure } from '../components/query-failure.tsx';
import { ShellFrame } from './shell.tsx';

export function RouteError() {
  const error = useRouteError();
  return (
    <ShellFrame>
      <QueryFailure error={error} />
    </ShellFrame>
  );
}
