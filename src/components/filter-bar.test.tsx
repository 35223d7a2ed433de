// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterBar } from './filter-bar.tsx';

afterEach(() => {
  cleanup();
});

function renderBar(filters: object, onClear = vi.fn()) {
  render(
    <FilterBar label="Market filters" filters={filters} onClear={onClear}>
      <input aria-label="Search" />
    </FilterBar>,
  );
  return onClear;
}

describe('FilterBar', () => {
  it('disables "Clear filters" while no filter is set', () => {
    renderBar({});
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Clear filters' }).disabled).toBe(true);
  });

  it('clears the filters when "Clear filters" is pressed', () => {
    const onClear = renderBar({ sportIds: [10] });
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(onClear).toHaveBeenCalledTimes(1);
  });

  it('never submits the form, so Enter in a field does not reload the page', () => {
    renderBar({});
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    screen.getByRole('form', { name: 'Market filters' }).dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });
});
