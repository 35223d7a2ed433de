// Why a quote cell has no price: a few words in the table, the whole reason in a tooltip shown on
// hover and on keyboard focus, and read by screen readers as the words' description.
import { useId } from 'react';
import type { QuoteReason as Reason } from './parlay-plan.ts';

export function QuoteReason({ reason }: { readonly reason: Reason }) {
  const id = useId();
  return (
    <span className="quote-reason">
      {/* Focusable so that a keyboard user can open the whole reason as a mouse user does by hovering. */}
      <span className="quote-reason-short" tabIndex={0} aria-describedby={id}>
        {reason.short}
      </span>
      <span id={id} role="tooltip" className="quote-reason-full">
        {reason.full}
      </span>
    </span>
  );
}
