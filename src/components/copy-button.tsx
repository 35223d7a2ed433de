// A button copying one identifier to the clipboard, saying in words whether it worked (support
// staff paste these into other systems).
import { useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `text`; `label` names what is copied, for the button's accessible name. */
export function CopyButton({ text, label }: { readonly text: string; readonly label: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const copy = async (): Promise<void> => {
    try {
      // navigator.clipboard is missing outside secure contexts (plain http on another host).
      const clipboard = navigator.clipboard as Clipboard | undefined;
      if (clipboard === undefined) throw new Error('no clipboard');
      await clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="copy-button">
      <button type="button" aria-label={`Copy ${label}`} onClick={() => void copy()}>
        Copy
      </button>
      <span className="copy-result" role="status">
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Copy failed: select the text and copy it by hand' : ''}
      </span>
    </span>
  );
}
