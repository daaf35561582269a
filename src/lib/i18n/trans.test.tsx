import { Trans } from '@lingui/react/macro';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './runtime';

afterEach(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

function Greeting({ name }: { name: string }) {
  return (
    <h1>
      <Trans>
        Welcome, <bdi>{name}</bdi>
      </Trans>
    </h1>
  );
}

describe('<Trans>', () => {
  it('renders the English with its elements, and the catalogue’s words when a language is chosen', () => {
    const { unmount } = render(<Greeting name="Casey" />);
    expect(screen.getByRole('heading', { name: 'Welcome, Casey' })).toBeInTheDocument();
    expect(screen.getByText('Casey').tagName).toBe('BDI');
    unmount();

    i18n.loadAndActivate({
      locale: 'es',
      messages: { 'Welcome, <0>{name}</0>': ['Hola, <0>', ['name'], '</0>'] },
    });
    render(<Greeting name="Casey" />);
    expect(screen.getByRole('heading', { name: 'Hola, Casey' })).toBeInTheDocument();
    expect(screen.getByText('Casey').tagName).toBe('BDI');
  });
});
