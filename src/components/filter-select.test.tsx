// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FilterSelect } from './filter-select.tsx';

const OPTIONS = [
  { value: '10', label: 'Soccer' },
  { value: '11', label: 'Basketball' },
];

afterEach(() => {
  cleanup();
});

describe('FilterSelect', () => {
  it('offers the "no filter" option first when it has an anyLabel', () => {
    render(<FilterSelect id="s" label="Sport" value="" anyLabel="All sports" options={OPTIONS} onChange={vi.fn()} />);
    const options = [...screen.getByLabelText<HTMLSelectElement>('Sport').options].map((o) => [o.value, o.text]);
    expect(options).toEqual([['', 'All sports'], ['10', 'Soccer'], ['11', 'Basketball']]);
  });

  it('offers only the given options when a value is always chosen', () => {
    render(<FilterSelect id="s" label="Bookmaker" value="11" options={OPTIONS} onChange={vi.fn()} />);
    const select = screen.getByLabelText<HTMLSelectElement>('Bookmaker');
    expect([...select.options].map((o) => o.value)).toEqual(['10', '11']);
    expect(select.value).toBe('11');
  });

  it('reports the chosen value as text, the empty text for the "no filter" option', () => {
    const onChange = vi.fn();
    render(<FilterSelect id="s" label="Sport" value="10" anyLabel="All sports" options={OPTIONS} onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: '11' } });
    fireEvent.change(screen.getByLabelText('Sport'), { target: { value: '' } });
    expect(onChange.mock.calls).toEqual([['11'], ['']]);
  });
});
