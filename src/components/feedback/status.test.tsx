import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Spinner } from './status';

afterEach(() => onlineManager.setOnline(true));

describe('Spinner', () => {
  it('says the page waits for the connection instead of "Loading…" while offline, and back again', () => {
    render(<Spinner />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent(
      'You are offline. This will load when the connection returns.',
    );
    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });
});
