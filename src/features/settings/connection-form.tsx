// Which service the dashboard talks to and with which key. Edits stay a draft until saved, so
// half-typed URLs never reach the client; "Test connection" tries the draft; "Use the embedded
// service" saves the embedded service and its demo key at once.
import { useMutation } from '@tanstack/react-query';
import { useId, useState, type SyntheticEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useShallow } from 'zustand/react/shallow';
import { checkBaseUrl, EMBEDDED_DEMO_KEY, isEmbeddedService } from '../../settings/settings-store.ts';
import { DASHBOARD_ORIGIN, useSettings } from '../../settings/use-settings.ts';
import { ApiKeyInput } from './api-key-input.tsx';
import { testConnection } from './test-connection.ts';
import { returnPath } from './unauthorized-reason.ts';

export function ConnectionForm() {
  const saved = useSettings(useShallow((s) => ({ baseUrl: s.baseUrl, apiKey: s.apiKey, lang: s.lang })));
  const update = useSettings((s) => s.update);
  const [baseUrl, setBaseUrl] = useState(saved.baseUrl);
  const [apiKey, setApiKey] = useState(saved.apiKey ?? '');
  const urlId = useId();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();

  const embedded = isEmbeddedService(baseUrl, DASHBOARD_ORIGIN);
  const urlProblem = checkBaseUrl(baseUrl);
  const keyToSend = apiKey !== '' ? apiKey : embedded ? EMBEDDED_DEMO_KEY : '';
  const test = useMutation({ mutationFn: () => testConnection({ baseUrl, apiKey: keyToSend, lang: saved.lang }) });
  const dirty = baseUrl !== saved.baseUrl || apiKey !== (saved.apiKey ?? '');

  const save = (event: SyntheticEvent) => {
    event.preventDefault();
    if (urlProblem !== null) return;
    update({ baseUrl, apiKey: apiKey === '' ? null : apiKey });
  };

  // One click restores a working configuration: saved at once (a stored wrong key would otherwise
  // keep sending every page here), then back to the page a 401 came from, if any.
  const switchToEmbedded = () => {
    setBaseUrl(DASHBOARD_ORIGIN);
    setApiKey('');
    test.reset();
    update({ baseUrl: DASHBOARD_ORIGIN, apiKey: null });
    const back = returnPath(params.get('from'));
    if (back !== null) void navigate(back, { replace: true });
    else if (params.has('reason')) setParams({}, { replace: true });
  };

  return (
    <form className="settings-section" onSubmit={save} aria-labelledby={`${urlId}-title`}>
      <h3 id={`${urlId}-title`}>Connection</h3>
      <div className="field">
        <label htmlFor={urlId}>Service base URL</label>
        <input
          id={urlId}
          type="url"
          value={baseUrl}
          spellCheck={false}
          aria-invalid={urlProblem !== null}
          aria-describedby={`${urlId}-hint`}
          onChange={(event) => {
            setBaseUrl(event.target.value);
            test.reset();
          }}
        />
        <p id={`${urlId}-hint`} className="hint">
          {urlProblem ?? (embedded ? 'The embedded service that served this dashboard.' : 'Another v5 service: it needs your key.')}
        </p>
      </div>
      <ApiKeyInput
        value={apiKey}
        onChange={(value) => {
          setApiKey(value);
          test.reset();
        }}
        placeholder={embedded ? `${EMBEDDED_DEMO_KEY} (the embedded service's demo key)` : 'Your API key'}
      />
      <div className="field-row">
        <button type="submit" disabled={!dirty || urlProblem !== null}>
          Save
        </button>
        <button
          type="button"
          disabled={urlProblem !== null || test.isPending}
          onClick={() => {
            test.mutate();
          }}
        >
          {test.isPending ? 'Testing…' : 'Test connection'}
        </button>
        <button type="button" onClick={switchToEmbedded}>
          Use the embedded service
        </button>
      </div>
      {test.data !== undefined && (
        <p className={test.data.ok ? 'connection-ok' : 'connection-failed'} role="status">
          {test.data.message}
        </p>
      )}
    </form>
  );
}
