import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderRoute } from '~test/render';
import { db } from '@telehealth/mock/db';
import { SEED_USERS } from '@telehealth/mock/seed/ids';

beforeAll(async () => {
  await import('./profile');
});

describe('provider profile page', () => {
  it('shows no patient-only fields and saves what a provider changes', async () => {
    const before = db.users.get(SEED_USERS.provider)!;
    const { user } = renderRoute('/provider/profile', { as: 'demo-provider' });
    const phone = await screen.findByLabelText('Phone');
    expect(screen.getByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Primary-care provider' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Primary-care provider name')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Primary-care provider phone')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Devices for notifications' })).not.toBeInTheDocument();
    expect(screen.queryByText(/insurance/i)).not.toBeInTheDocument();

    await user.clear(phone);
    await user.type(phone, '2125550111');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    const stored = db.users.get(SEED_USERS.provider)!;
    expect(stored.phone).toBe('2125550111');
    expect(stored.pcp_name).toBe(before.pcp_name);
    expect(stored.pcp_phone).toBe(before.pcp_phone);
  });
});
