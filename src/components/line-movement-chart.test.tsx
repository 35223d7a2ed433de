// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LineMovementChart, type ChartSeries } from './line-movement-chart.tsx';

afterEach(cleanup);

const series: ChartSeries[] = [
  { key: 'bet365', label: 'bet365', color: '#000', points: [{ t: 0, price: 2 }, { t: 10, price: 2.1 }], opening: { t: 0, price: 2 } },
  { key: 'pinnacle', label: 'pinnacle', color: '#111', points: [{ t: 0, price: 1.9 }, { t: 5, price: 1.9 }, { t: 5, price: null }], opening: { t: 0, price: 1.9 } },
];

describe('LineMovementChart', () => {
  it('names each legend entry\'s series and the points it holds', () => {
    render(<LineMovementChart title="Line movement of 1" series={series} format="decimal" timeZone="UTC" />);
    const pinnacle = screen.getByRole('button', { name: 'pinnacle' });
    expect([pinnacle.getAttribute('data-series-key'), pinnacle.getAttribute('data-point-count')]).toEqual(['pinnacle', '3']);
  });

  it('hides a series when its legend entry is pressed', () => {
    render(<LineMovementChart title="Line movement of 1" series={series} format="decimal" timeZone="UTC" />);
    fireEvent.click(screen.getByRole('button', { name: 'bet365' }));
    expect(screen.getByRole('figure', { name: 'Line movement of 1' }).getAttribute('data-series-count')).toBe('1');
  });

  it('shows only one series in one click, and every series again in one click', () => {
    render(<LineMovementChart title="Line movement of 1" series={series} format="decimal" timeZone="UTC" />);
    const figure = screen.getByRole('figure', { name: 'Line movement of 1' });
    fireEvent.click(screen.getByRole('button', { name: 'Show only pinnacle' }));
    expect(figure.getAttribute('data-series-count')).toBe('1');
    expect(screen.getByRole('button', { name: 'bet365' }).getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByRole('button', { name: 'pinnacle' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Show all' }));
    expect(figure.getAttribute('data-series-count')).toBe('2');
  });

  it('names every control, the brush handles by the time range they cover', () => {
    render(<LineMovementChart title="Line movement of 1" series={series} format="decimal" timeZone="UTC" />);
    expect(screen.getByRole('combobox', { name: /Y-axis/u })).toBeTruthy();
    const sliders = screen.getAllByRole('slider');
    expect(sliders.length).toBe(2);
    for (const slider of sliders) expect(slider.getAttribute('aria-label')).toMatch(/^Time range handle: .+ to .+ \(arrow keys move it\)$/u);
    expect(sliders.map((s) => s.getAttribute('aria-label') ?? '').join(' ')).not.toContain('undefined');
  });

  it('writes its times in the chosen zone and names it', () => {
    render(<LineMovementChart title="Line movement of 1" series={series} format="decimal" timeZone="Europe/Paris" />);
    expect(screen.getByText('Times in Europe/Paris')).toBeTruthy();
    // The series span 0–10 ms after the epoch: 01:00 on Paris's clock.
    const labels = screen.getAllByRole('slider').map((s) => s.getAttribute('aria-label'));
    expect(labels).toContain('Time range handle: 1970-01-01 01:00:00 Europe/Paris to 1970-01-01 01:00:00 Europe/Paris (arrow keys move it)');
  });

  it('says so when no series has a point', () => {
    render(<LineMovementChart title="Line movement of 1" series={[]} format="decimal" timeZone="UTC" />);
    expect(screen.getByText('No recorded prices for this selection.')).toBeTruthy();
  });
});
