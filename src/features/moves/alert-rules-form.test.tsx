// @vitest-environment jsdom
// The alert rule form in a browser-like DOM: a trader adds an arbitrage rule (after a problem named
// beside its field), edits it, adds an EV rule at one book, and deletes a rule.
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../../app/testing/render-routes.tsx';
import { AlertRulesForm } from './alert-rules-form.tsx';

const BOOKS = [
  { bookmaker: 'pinnacle', bookmakerName: 'Pinnacle', maxDelayLiveInSec: null, maxDelayPregameInSec: null, maxDelayPregameMainInSec: null },
  { bookmaker: 'unibet', bookmakerName: 'Unibet', maxDelayLiveInSec: null, maxDelayPregameInSec: null, maxDelayPregameMainInSec: null },
];

/** The service: its bookmakers list, and nothing else. */
async function fakeFetch(input: RequestInfo | URL): Promise<Response> {
  const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  await Promise.resolve();
  return new URL(href).pathname === '/en/bookmakers' ? new Response(JSON.stringify(BOOKS), { status: 200 }) : new Response('{}', { status: 404 });
}

/** The saved rules as the list shows them. */
function ruleTexts(): string[] {
  return [...document.querySelectorAll('.alert-rules-list > li > strong')].map((el) => el.parentElement?.textContent ?? '');
}

describe('alert rule form', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.stubGlobal('fetch', fakeFetch);
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('adds, edits and deletes arbitrage and EV rules, naming a bad field beside it', async () => {
    renderRoutes([{ path: '/', element: <AlertRulesForm /> }], '/');
    const form = await screen.findByRole('form', { name: 'Add an alert rule' });
    fireEvent.change(within(form).getByLabelText('Alerts on'), { target: { value: 'arbitrage' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Arbs' } });
    const minimum = within(form).getByLabelText('Minimum arbitrage (%)');
    fireEvent.change(minimum, { target: { value: '0' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText('Minimum arbitrage: a percentage above 0 and at most 100.')).toBeTruthy();
    expect(minimum.getAttribute('aria-invalid')).toBe('true');
    expect(ruleTexts().some((t) => t.startsWith('Arbs'))).toBe(false);

    fireEvent.change(minimum, { target: { value: '0.5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => {
      expect(ruleTexts()).toContainEqual(expect.stringContaining('Arbs — Arbitrage of 0.5 % or more (net of commission), not repeated within 10 min'));
    });

    fireEvent.click(screen.getByRole('button', { name: 'Edit Arbs' }));
    const editor = await screen.findByRole('form', { name: 'Edit the alert rule' });
    fireEvent.change(within(editor).getByLabelText('Minimum arbitrage (%)'), { target: { value: '1.5' } });
    fireEvent.change(within(editor).getByLabelText('Do not repeat within (minutes)'), { target: { value: '' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save rule' }));
    expect(await within(editor).findByText('Do not repeat within: minutes from 0 to 1440.')).toBeTruthy();
    fireEvent.change(within(editor).getByLabelText('Do not repeat within (minutes)'), { target: { value: '30' } });
    fireEvent.click(within(editor).getByRole('button', { name: 'Save rule' }));
    await waitFor(() => {
      expect(ruleTexts()).toContainEqual(expect.stringContaining('Arbs — Arbitrage of 1.5 % or more (net of commission), not repeated within 30 min'));
    });

    const adder = await screen.findByRole('form', { name: 'Add an alert rule' });
    fireEvent.change(within(adder).getByLabelText('Alerts on'), { target: { value: 'ev' } });
    fireEvent.change(within(adder).getByLabelText('Name'), { target: { value: 'Value' } });
    fireEvent.change(within(adder).getByLabelText('Minimum EV (%)'), { target: { value: '2' } });
    fireEvent.change(within(adder).getByLabelText('Fixtures'), { target: { value: 'pregame' } });
    fireEvent.click(await within(adder).findByLabelText('Pinnacle'));
    fireEvent.click(within(adder).getByRole('button', { name: 'Add rule' }));
    await waitFor(() => {
      expect(ruleTexts()).toContainEqual(expect.stringContaining('Value — +EV of 2 % or more at Pinnacle, pre-game only'));
    });

    fireEvent.click(screen.getByRole('button', { name: 'Delete Arbs' }));
    await waitFor(() => {
      expect(ruleTexts().map((t) => t.split(' — ')[0])).toEqual(['Pre-game steam', 'Value']);
    });
  });
});
