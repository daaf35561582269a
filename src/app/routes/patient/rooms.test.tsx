import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '~test/render';
import { db } from '@telehealth/mock/db';
import { endSeededWalkinBeforeEach } from '~test/queue';

endSeededWalkinBeforeEach();

// The route modules are lazy; load them once up front so the first test does not spend its
// findBy timeout on the transform.
beforeAll(async () => {
  await import('./rooms');
  await import('./room');
});

function addRooms(count: number) {
  for (let i = 1; i <= count; i += 1) {
    const code = `extra-${String(i).padStart(2, '0')}`;
    db.rooms.set(code, {
      id: `room_${code}`,
      code,
      slug: code,
      name: `Extra room ${String(i).padStart(2, '0')}`,
      domain: 'demo',
      account_code: 'demo',
      created: 1,
      modified: 1,
    });
  }
}

describe('start a visit: the rooms list', () => {
  it('lists the clinic rooms as links to their pages', async () => {
    const { user, router } = renderRoute('/patient/visits/start', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Start a visit' })).toBeInTheDocument();
    const link = await screen.findByRole('link', { name: 'General practice' });
    expect(screen.getByRole('link', { name: 'After-hours care' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Room pages' })).not.toBeInTheDocument();
    await user.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: 'General practice' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/patient/rooms/general');
  });

  it('pages through many rooms with next and previous links', async () => {
    addRooms(12);
    const { user, router } = renderRoute('/patient/visits/start', { as: 'demo-patient' });
    const list = await screen.findByRole('list', { name: 'Rooms' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(10);
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Page 2')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
    expect(await screen.findByRole('link', { name: 'Pediatrics' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Rooms' })).getAllByRole('listitem')).toHaveLength(6);
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Previous page' }));
    expect(await screen.findByText('Page 1')).toBeInTheDocument();
  });

  it('says so when a later page is empty', async () => {
    renderRoute('/patient/visits/start?page=5', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'No more rooms' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the first page' })).toHaveAttribute(
      'href',
      '/patient/visits/start',
    );
  });
});

describe('room detail', () => {
  it('shows what an open room offers, its prices and providers, and starts a visit', async () => {
    renderRoute('/patient/rooms/general', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { level: 1, name: 'General practice' })).toBeInTheDocument();
    expect(screen.getByText('Same-day care for everyday concerns')).toBeInTheDocument();
    expect(screen.getByText('Open now')).toBeInTheDocument();
    expect(screen.getByText('Family medicine · about 15 minutes')).toBeInTheDocument();
    expect(screen.getByText('Quick consultation · 15 minutes · $49.00')).toBeInTheDocument();
    expect(screen.getByText(/Walk-in video visit/)).toBeInTheDocument();
    expect(screen.getByText('Scheduled appointment')).toBeInTheDocument();
    expect(screen.queryByText(/E-consult \(written/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start a walk-in visit' })).toHaveAttribute(
      'href',
      '/patient/rooms/general/intake?kind=walkin',
    );
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toHaveAttribute(
      'href',
      '/patient/rooms/general/intake?kind=appointment',
    );
    expect(await screen.findByText('Dr. Samira Okafor, MD', { selector: 'p' })).toBeInTheDocument();
    expect(
      screen.getByText('Family physician who enjoys untangling everyday health questions.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Morgan Blake', { selector: 'p' })).not.toBeInTheDocument();
    expect(screen.queryByText('This room is closed right now')).not.toBeInTheDocument();
  });

  it('opens a provider profile with training and interests, and closes it with Escape', async () => {
    const { user } = renderRoute('/patient/rooms/general', { as: 'demo-patient' });
    const more = await screen.findByRole('button', { name: 'More about Dr. Samira Okafor, MD' });
    await user.click(more);
    const dialog = await screen.findByRole('dialog', { name: 'Dr. Samira Okafor, MD' });
    expect(
      await within(dialog).findByText('Residency and board certification (demo data).'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('Professional interests')).toBeInTheDocument();
    expect(within(dialog).getByText('Hiking, cooking.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(more).toHaveFocus();
  });

  it('shows a closed room’s sanitised message, closed days and time zone, and what is still possible', async () => {
    const trap = vi.fn();
    Object.defineProperty(window, '__xss', { value: trap, configurable: true });
    renderRoute('/patient/rooms/after-hours', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'This room is closed right now' })).toBeInTheDocument();
    expect(screen.getByText('Closed')).toBeInTheDocument();
    expect(screen.getByText('After-hours care is closed for maintenance today.')).toBeInTheDocument();
    expect(screen.getByText('We are closed today.').tagName).toBe('STRONG');
    const help = screen.getByRole('link', { name: 'read our help pages' });
    expect(help).toHaveAttribute('href', 'https://harborview.example/help');
    expect(help).toHaveAttribute('target', '_blank');
    expect(help).toHaveAttribute('rel', 'noopener noreferrer');
    // The payload's <img onerror>, <script> and javascript: link never reach the page.
    const notice = screen.getByRole('region', { name: 'This room is closed right now' });
    expect(within(notice).queryByRole('img')).not.toBeInTheDocument();
    // eslint-disable-next-line testing-library/no-node-access -- a <script> has no role; its absence is the point
    expect(notice.querySelector('script')).toBeNull();
    expect(within(notice).getByText('details').tagName).toBe('A');
    expect(within(notice).getByText('details')).not.toHaveAttribute('href');
    expect(trap).not.toHaveBeenCalled();
    delete (window as unknown as { __xss?: unknown }).__xss;
    expect(screen.getByText('Closed every Monday.')).toBeInTheDocument();
    expect(screen.getByText('Opening hours are in the America/New York time zone.')).toBeInTheDocument();
    expect(
      screen.getByText(
        'You can still book an appointment or send an e-consult (a clinician answers in writing when the room opens).',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/not while the room is closed/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Book an appointment' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start an e-consult' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Start a walk-in visit' })).not.toBeInTheDocument();
  });

  it('shows a closed walk-in-only room without a start button', async () => {
    const room = db.rooms.get('pediatrics')!;
    room.operation_settings = {
      is_closed: true,
      close_msg: 'Back on Monday.',
      closed_days: ['Saturday', 'Sunday'],
    };
    room.visits = { walkin: { enabled: true }, appointment: { enabled: false } };
    renderRoute('/patient/rooms/pediatrics', { as: 'demo-patient' });
    expect(await screen.findByText('Back on Monday.')).toBeInTheDocument();
    expect(screen.getByText('Closed every Saturday and Sunday.')).toBeInTheDocument();
    expect(screen.getByText('Please come back when the room is open.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^(Start|Book)/ })).not.toBeInTheDocument();
  });

  it('says so when the room does not exist', async () => {
    renderRoute('/patient/rooms/nowhere', { as: 'demo-patient' });
    expect(await screen.findByRole('heading', { name: 'This room does not exist' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all rooms' })).toBeInTheDocument();
  });
});
