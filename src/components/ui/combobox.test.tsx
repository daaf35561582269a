import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Combobox, type ComboboxOption } from './combobox';

const FRUIT: ComboboxOption[] = [
  { value: 'apple', label: 'Apple', group: 'Orchard', keywords: 'malus' },
  { value: 'pear', label: 'Pear', group: 'Orchard' },
  { value: 'lime', label: 'Lime', detail: 'Mexico', group: 'Citrus' },
  { value: 'lemon', label: 'Lemon', group: 'Citrus' },
  { value: 'acai', label: 'Açaí', group: 'Palm' },
];

function Harness({ onSubmit = () => {} }: { onSubmit?: () => void }) {
  const [value, setValue] = useState('pear');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Combobox label="Fruit" options={FRUIT} value={value} onChange={setValue} />
      <output>chosen: {value}</output>
    </form>
  );
}

const box = () => screen.getByRole('combobox', { name: 'Fruit' });
/** The active option, which the box points at. */
const active = () => {
  const option = screen.getByRole('option', { selected: true });
  expect(box()).toHaveAttribute('aria-activedescendant', option.id);
  return option;
};

describe('Combobox', () => {
  it('shows the chosen option’s words and opens on it, in labelled groups', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(box()).toHaveValue('Pear');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await user.click(box());
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: 'Fruit' });
    expect(
      within(list)
        .getAllByRole('group')
        .map((g) => g.textContent),
    ).toEqual(['OrchardApplePear', 'CitrusLime, MexicoLemon', 'PalmAçaí']);
    expect(within(list).getByRole('group', { name: 'Citrus' })).toBeInTheDocument();
    expect(within(list).getByRole('option', { name: 'Lime, Mexico' })).toBeInTheDocument();
    expect(active()).toHaveTextContent('Pear');
    expect(active()).toHaveAttribute('aria-selected', 'true');
  });

  it('filters as one types (detail, keywords, accents folded), moves with arrows and chooses with Enter', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<Harness onSubmit={onSubmit} />);
    await user.click(box());
    await user.keyboard('{Escape}');
    await user.clear(box());
    await user.type(box(), 'mexico');
    expect(
      within(screen.getByRole('listbox'))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Lime, Mexico']);
    await user.clear(box());
    await user.type(box(), 'acai');
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: 'Açaí' })).toBeInTheDocument();
    await user.clear(box());
    await user.type(box(), 'l');
    // Apple, Lime, Lemon, and Açaí (its group, Palm).
    expect(active()).toHaveTextContent('Apple');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(active()).toHaveTextContent('Lemon');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(active()).toHaveTextContent('Açaí');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(active()).toHaveTextContent('Lime');
    await user.keyboard('{Enter}');
    expect(screen.getByText('chosen: lime')).toBeInTheDocument();
    expect(box()).toHaveValue('Lime');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(onSubmit).not.toHaveBeenCalled();
    // Enter in the closed box submits the form.
    await user.keyboard('{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('keeps the earlier choice when the search is left or dismissed, and says when nothing matches', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Harness />
        <button type="button">after</button>
      </>,
    );
    await user.click(box());
    await user.keyboard('{Escape}');
    await user.clear(box());
    await user.type(box(), 'kiwi');
    expect(screen.getByText('Nothing matches “kiwi”.')).toBeInTheDocument();
    expect(screen.getByText('No matches')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
    await user.keyboard('{Escape}');
    expect(box()).toHaveValue('Pear');
    await user.type(box(), 'lem');
    await user.tab();
    expect(box()).toHaveValue('Pear');
    expect(screen.getByText('chosen: pear')).toBeInTheDocument();
  });

  it('chooses with a click without taking focus from the box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(box());
    await user.click(screen.getByRole('option', { name: 'Açaí' }));
    expect(screen.getByText('chosen: acai')).toBeInTheDocument();
    expect(box()).toHaveFocus();
    expect(box()).toHaveValue('Açaí');
  });
});
