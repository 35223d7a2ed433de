// @vitest-environment jsdom
// The label the parlay page and the watchlist put beside their fair figures: the chosen preset's
// name, and its definition on hover.
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { useFairLineStore } from '../settings/use-fair-line.ts';
import { useSettings } from '../settings/use-settings.ts';
import { FairLineLabel } from './fair-line-label.tsx';

const nameOf = (slug: string) => (slug === 'pinnacle' ? 'Pinnacle' : slug === 'circa' ? 'Circa Sports' : slug);

function renderLabel() {
  render(
    <MemoryRouter>
      <FairLineLabel method="power" nameOf={nameOf} />
    </MemoryRouter>,
  );
  return document.querySelector('.fair-line-label');
}

beforeEach(() => {
  useFairLineStore.setState({ byService: {} });
});

afterEach(() => {
  cleanup();
});

describe('FairLineLabel', () => {
  it('names the default line, every book at equal weight', () => {
    const label = renderLabel();
    expect(label?.textContent).toBe('Fair line: Every book, equal weight change');
    expect(label?.getAttribute('title')).toBe(
      'Fair line "Every book, equal weight": power de-vig of the mean implied probability of every book that prices the whole market, equal weight; at least 1 book; stale or suspended books never count',
    );
  });

  it('names the chosen preset with its books, weights, minimum and required book', () => {
    const baseUrl = useSettings.getState().baseUrl;
    expect(useFairLineStore.getState().save(baseUrl, { name: 'Sharp', weights: { pinnacle: 3, circa: 1 }, minBooks: 2, requiredBook: 'pinnacle' })).toEqual([]);
    useFairLineStore.getState().choose(baseUrl, 'Sharp');
    const label = renderLabel();
    expect(label?.getAttribute('data-fair-line')).toBe('Sharp');
    expect(label?.getAttribute('title')).toBe(
      'Fair line "Sharp": power de-vig of the weighted mean implied probability (Σ w/price ÷ Σ w) of Pinnacle ×3, Circa Sports ×1; at least 2 books; Pinnacle required; stale or suspended books never count',
    );
    expect(screen.getByRole('link', { name: 'change' }).getAttribute('href')).toBe('/settings#fair-line');
  });
});
