import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Reading } from './history';
import { ReadingHistory } from './reading-history';

/** UNIX seconds of a UTC wall time in November 2026 (New York is UTC−5 then). */
const nov = (day: number, hour: number, minute = 0) => Date.UTC(2026, 10, day, hour, minute) / 1000;

const READINGS: Reading[] = [
  {
    id: 'r4',
    kind: 'bp',
    unit: 'mmHg',
    values: [128, 82],
    at: nov(25, 14, 30),
    device: 'Blood pressure monitor',
  },
  { id: 'r1', kind: 'bp', unit: 'mmHg', values: [132, 86], at: nov(2, 13), device: 'Blood pressure monitor' },
  { id: 'r3', kind: 'bp', unit: 'kPa', values: [16, 10], at: nov(16, 13), device: 'Cuff at home' },
  { id: 'r2', kind: 'bp', unit: 'mmHg', values: [126, 84], at: nov(9, 13), device: 'Blood pressure monitor' },
  { id: 'h1', kind: 'hr', unit: '', values: [72], at: nov(10, 12), device: 'Pulse oximeter' },
  { id: 'h2', kind: 'hr', unit: '', values: [68], at: nov(20, 12), device: 'Pulse oximeter' },
  { id: 'w1', kind: 'weight', unit: 'lbs', values: [165.4], at: nov(12, 12), device: 'Scale' },
];

// The chart's marks have no names of their own (the chart is one image): found by test id.
const series = (chart: HTMLElement) => within(chart).queryAllByTestId(/^series-/);
const chartOf = (name: RegExp) => screen.getByRole('img', { name });

describe('reading history', () => {
  it('draws one chart per kind with readings, blood pressure as two lines, each named by a summary', () => {
    render(<ReadingHistory readings={READINGS} zone="America/New_York" />);
    expect(screen.getAllByRole('img').map((img) => img.getAttribute('aria-label'))).toEqual([
      'Blood pressure, 4 readings from Nov 2 to Nov 25, latest 128/82 mmHg',
      'Heart rate, 2 readings from Nov 10 to Nov 20, latest 68 beats per minute',
      'Weight, 1 reading on Nov 12: 165.4 lbs',
    ]);
    const bp = chartOf(/^Blood pressure/);
    expect(series(bp).map((s) => s.dataset.testid)).toEqual(['series-systolic', 'series-diastolic']);
    for (const line of series(bp)) {
      expect(within(line).getAllByTestId('line')).toHaveLength(1);
      expect(within(line).getAllByTestId('point')).toHaveLength(4);
    }
    expect(series(chartOf(/^Heart rate/))).toHaveLength(1);
    // One weight is a point, not a line.
    const [weight] = series(chartOf(/^Weight/));
    expect(series(chartOf(/^Weight/))).toHaveLength(1);
    expect(within(weight as HTMLElement).queryAllByTestId('line')).toHaveLength(0);
    expect(within(weight as HTMLElement).getAllByTestId('point')).toHaveLength(1);
  });

  it('shades the usual range where one fits adults and says it in words', () => {
    const { container } = render(<ReadingHistory readings={READINGS} zone="America/New_York" />);
    expect(within(chartOf(/^Blood pressure/)).getAllByTestId('band')).toHaveLength(2);
    expect(within(chartOf(/^Heart rate/)).getAllByTestId('band')).toHaveLength(1);
    expect(within(chartOf(/^Weight/)).queryAllByTestId('band')).toHaveLength(0);
    expect(container).toHaveTextContent(
      'The shaded bands are the usual range for adults: 90 to 120 mmHg for the top number, 60 to 80 mmHg for the bottom number.',
    );
    expect(container).toHaveTextContent('Top number (systolic): solid line, dots');
    expect(container).toHaveTextContent('Bottom number (diastolic): dashed line, squares');
  });

  it('lists every reading in a table reached with the keyboard, dates in words and units', async () => {
    const user = userEvent.setup();
    render(<ReadingHistory readings={READINGS} zone="America/New_York" />);
    await user.tab();
    expect(screen.getByText('Show blood pressure as a table')).toHaveFocus();
    // A native disclosure: Enter opens it in a browser; jsdom only acts on the click.
    await user.click(screen.getByText('Show blood pressure as a table'));
    // The first disclosure (role group) is blood pressure's.
    expect(screen.getAllByRole('group')[0]).toHaveAttribute('open');
    const table = screen.getByRole('table', { name: 'Blood pressure readings, newest first' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'Wed, Nov 25, 2026, 9:30 AM EST128/82 mmHgBlood pressure monitor',
      'Mon, Nov 16, 2026, 8:00 AM EST16/10 kPa (120/75 mmHg)Cuff at home',
      'Mon, Nov 9, 2026, 8:00 AM EST126/84 mmHgBlood pressure monitor',
      'Mon, Nov 2, 2026, 8:00 AM EST132/86 mmHgBlood pressure monitor',
    ]);
    const heart = screen.getByRole('table', { name: 'Heart rate readings, newest first' });
    expect(within(heart).getAllByRole('cell')[0]).toHaveTextContent('68 beats per minute');
    const weight = screen.getByRole('table', { name: 'Weight readings, newest first' });
    expect(within(weight).getAllByRole('cell')[0]).toHaveTextContent('165.4 lbs (75.0 kg)');
  });

  it('reads days in the viewer’s zone', () => {
    // 10:30 pm on Nov 25 in New York is already Nov 26 in London.
    const late: Reading[] = [
      { id: 'a', kind: 'bo', unit: '', values: [97], at: nov(20, 15), device: 'Pulse oximeter' },
      { id: 'b', kind: 'bo', unit: '', values: [98], at: nov(26, 3, 30), device: 'Pulse oximeter' },
    ];
    const { unmount } = render(<ReadingHistory readings={late} zone="America/New_York" />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Blood oxygen, 2 readings from Nov 20 to Nov 25, latest 98 %',
    );
    expect(screen.getByRole('img')).toHaveTextContent('Nov 25');
    unmount();
    render(<ReadingHistory readings={late} zone="Europe/London" />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Blood oxygen, 2 readings from Nov 20 to Nov 26, latest 98 %',
    );
  });

  it('marks times on a chart of one day, and years on one across the new year', () => {
    const oneDay: Reading[] = [
      {
        id: 'a',
        kind: 'temperature_body',
        unit: 'fah',
        values: [99.1],
        at: nov(20, 13),
        device: 'Thermometer',
      },
      {
        id: 'b',
        kind: 'temperature_body',
        unit: 'cel',
        values: [38.2],
        at: nov(20, 18),
        device: 'Thermometer',
      },
    ];
    const { unmount } = render(<ReadingHistory readings={oneDay} zone="America/New_York" />);
    // The chart draws in the latest reading's unit.
    expect(screen.getByRole('img')).toHaveAccessibleName('Temperature, 2 readings on Nov 20, latest 38.2 °C');
    expect(screen.getByRole('img')).toHaveTextContent(/8:00 AM.*1:00 PM/);
    unmount();
    const newYear: Reading[] = [
      {
        id: 'a',
        kind: 'weight',
        unit: 'kg',
        values: [70.2],
        at: Date.UTC(2026, 11, 28, 14) / 1000,
        device: 'Scale',
      },
      {
        id: 'b',
        kind: 'weight',
        unit: 'kg',
        values: [70.8],
        at: Date.UTC(2027, 0, 4, 14) / 1000,
        device: 'Scale',
      },
    ];
    render(<ReadingHistory readings={newYear} zone="America/New_York" />);
    expect(screen.getByRole('img')).toHaveAccessibleName(
      'Weight, 2 readings from Dec 28, 2026 to Jan 4, 2027, latest 70.8 kg',
    );
  });

  it('shows nothing before the first reading', () => {
    const { container } = render(<ReadingHistory readings={[]} zone="America/New_York" />);
    expect(container).toBeEmptyDOMElement();
  });
});
