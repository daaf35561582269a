import { screen } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { renderRoute } from '~test/render';
import { serveWithoutExtensions } from '~test/server-extensions';

beforeAll(async () => {
  await import('@/app/routes/patient/room');
});

beforeEach(() => {
  db.rooms.get('general')!.visits = {
    walkin: { enabled: true },
    appointment: { enabled: true },
    econsult: { enabled: true },
  };
});

describe('a room that says it takes e-consults', () => {
  it('offers an e-consult where the server offers econsult-rooms', async () => {
    renderRoute('/patient/rooms/general', { as: 'demo-patient' });
    expect(await screen.findByRole('link', { name: 'Start an e-consult' })).toHaveAttribute(
      'href',
      '/patient/rooms/general/intake?kind=econsult',
    );
    expect(screen.getByText('E-consult (written questions and answers)')).toBeInTheDocument();
  });

  it('offers walk-ins and appointments only on a spec server', async () => {
    serveWithoutExtensions();
    renderRoute('/patient/rooms/general', { as: 'demo-patient' });
    expect(await screen.findByRole('link', { name: 'Start a walk-in visit' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start an e-consult' })).not.toBeInTheDocument();
    expect(screen.queryByText('E-consult (written questions and answers)')).not.toBeInTheDocument();
  });
});
