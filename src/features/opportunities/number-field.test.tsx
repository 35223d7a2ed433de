// @vitest-environment jsdom
// The stake and threshold boxes of the opportunities page: a value out of range stays in the box
// with a sentence naming the field and its range, and only values in range reach the URL.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NumberField } from './number-field.tsx';

afterEach(cleanup);

describe('NumberField', () => {
  it('refuses a negative stake by name and range, keeping what was typed', () => {
    const onChange = vi.fn();
    render(<NumberField id="flat" label="Flat stake (EUR)" value={10} min={0.01} max={1e9} onChange={onChange} />);
    const box = screen.getByLabelText<HTMLInputElement>('Flat stake (EUR)');
    fireEvent.change(box, { target: { value: '-5' } });
    expect(screen.getByRole('alert').textContent).toBe('Flat stake (EUR): must be from 0.01 to 1,000,000,000.');
    expect(box.value).toBe('-5');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.change(box, { target: { value: '25' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onChange).toHaveBeenLastCalledWith('25');
  });

  it('asks for a number when a required box is emptied, and takes an empty optional one as no limit', () => {
    const required = vi.fn();
    const optional = vi.fn();
    render(
      <>
        <NumberField id="kelly" label="Kelly fraction" value={0.25} min={0.01} max={1} onChange={required} />
        <NumberField id="max-price" label="Max price" value={5} min={1.01} max={10_000} optional onChange={optional} />
      </>,
    );
    fireEvent.change(screen.getByLabelText('Kelly fraction'), { target: { value: '' } });
    expect(screen.getByRole('alert').textContent).toBe('Kelly fraction: enter a number.');
    expect(required).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Max price'), { target: { value: '' } });
    expect(optional).toHaveBeenLastCalledWith('');
  });

  it('shows a value set from outside (a saved view) in place of what was typed', () => {
    const { rerender } = render(<NumberField id="min" label="Min EV %" value={1} min={0} max={100} onChange={() => undefined} />);
    fireEvent.change(screen.getByLabelText('Min EV %'), { target: { value: '2' } });
    rerender(<NumberField id="min" label="Min EV %" value={4} min={0} max={100} onChange={() => undefined} />);
    expect(screen.getByLabelText<HTMLInputElement>('Min EV %').value).toBe('4');
  });
});
