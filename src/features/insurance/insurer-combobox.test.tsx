import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { InsurerCombobox, type InsurerOption } from './insurer-combobox';

const stubbed = ['clientHeight', 'clientWidth', 'offsetHeight', 'offsetWidth'] as const;
const descriptors = Object.fromEntries(
  stubbed.map((k) => [k, Object.getOwnPropertyDescriptor(HTMLElement.prototype, k)]),
);
beforeEach(() => {
  for (const key of stubbed)
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => 320 });
});
afterEach(() => {
  for (const key of stubbed) {
    const d = descriptors[key];
    if (d) Object.defineProperty(HTMLElement.prototype, key, d);
  }
});

const OPTIONS: InsurerOption[] = Array.from({ length: 10_000 }, (_, i) => ({
  code: `C${10000 + i}`,
  name: `Carrier number ${i + 1}`,
  detail: 'Carrier',
}));

function Harness() {
  const [value, setValue] = useState('');
  return (
    <>
      <InsurerCombobox label="Insurer or carrier" options={OPTIONS} value={value} onChange={setValue} />
      <p>chosen={value}</p>
    </>
  );
}

describe('insurer combobox with 10,000 entries', () => {
  it('keeps only a window of rows in the page and names the position of each', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Insurer or carrier' });
    await user.click(box);
    expect(box).toHaveAttribute('aria-expanded', 'true');
    const rows = screen.getAllByRole('option');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]).toHaveAttribute('aria-setsize', '10000');
    expect(rows[0]).toHaveAttribute('aria-posinset', '1');
    expect(screen.getByRole('status')).toHaveTextContent('10000 matches');
  });

  it('is driven by keyboard alone: type, arrows, page down, Enter chooses, Escape closes and clears', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const box = screen.getByRole('combobox', { name: 'Insurer or carrier' });
    await user.tab();
    expect(box).toHaveFocus();
    await user.keyboard('number 99');
    // Every word, anywhere in the name or code, case-insensitive.
    const expected = OPTIONS.filter((o) => {
      const text = `${o.name} ${o.code}`.toLowerCase();
      return text.includes('number') && text.includes('99');
    }).length;
    expect(screen.getByRole('status')).toHaveTextContent(`${expected} matches`);
    await user.keyboard('{ArrowDown}{ArrowDown}{PageDown}');
    const active = box.getAttribute('aria-activedescendant');
    expect(active).toBeTruthy();
    expect(screen.getByRole('option', { selected: true })).toHaveAttribute('aria-posinset', '11');
    await user.keyboard('{Enter}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/^chosen=/)).toHaveTextContent(/^chosen=C\d+$/);
    expect((box as HTMLInputElement).value).toMatch(/^Carrier number \d+$/);
    // Typing again forgets the choice until a new one is made; Escape twice clears.
    await user.keyboard('x');
    expect(screen.getByText(/^chosen=/)).toHaveTextContent(/^chosen=$/);
    await user.keyboard('{Escape}{Escape}');
    expect(box).toHaveValue('');
  });
});
