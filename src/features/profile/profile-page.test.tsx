import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { userQueries } from '@/api/users/queries';
import { db } from '@/mocks/db';
import { server } from '@/mocks/node';
import { api } from '@/mocks/lib/routes';
import { renderRoute } from '~test/render';
import { SEED_USERS } from '@/mocks/seed/ids';

/** The bodies of every POST /me, as the mock received them. */
function recordProfilePosts() {
  const bodies: Promise<URLSearchParams>[] = [];
  const listener = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (request.method === 'POST' && url.pathname === '/api_v3/me') {
      bodies.push(
        request
          .clone()
          .text()
          .then((t) => new URLSearchParams(t)),
      );
    }
  };
  server.events.on('request:start', listener);
  onTestFinished(() => {
    server.events.removeListener('request:start', listener);
  });
  return bodies;
}

async function openProfile(path = '/patient/profile', as: 'demo-patient' | 'demo-provider' = 'demo-patient') {
  const utils = renderRoute(path, { as });
  expect(await screen.findByRole('heading', { name: 'Your profile' })).toBeInTheDocument();
  await screen.findByRole('form', { name: 'Your details' });
  return utils;
}

const field = (label: RegExp | string) => screen.getByLabelText(label);

describe('the profile page', () => {
  it('shows every editable field of the profile', async () => {
    await openProfile();
    expect(field(/^First name/)).toHaveValue('Casey');
    expect(field(/^Last name/)).toHaveValue('Morgan');
    expect(field('Date of birth')).toHaveValue('1988-04-12');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(field('Nationality')).toHaveValue('American');
    expect(field('Phone')).toHaveValue('2125550143');
    expect(field('Street address')).toHaveValue('100 Example Street');
    expect(field('City')).toHaveValue('Brooklyn');
    expect(field('State')).toHaveValue('NY');
    expect(field('ZIP code')).toHaveValue('11201');
    expect(field('Primary-care provider name')).toHaveValue('Dr. Lee Park');
    expect(field('Primary-care provider phone')).toHaveValue('2125550190');
    expect(field(/^Time zone/)).toHaveValue('America/New_York');
    expect(screen.getByRole('form', { name: 'Password' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No profile photo yet' })).toHaveTextContent('CM');
    expect(screen.getByLabelText('Upload a photo')).toBeInTheDocument();
  });

  it('saves only what changed; the new time zone becomes the one every time is shown in', async () => {
    const posts = recordProfilePosts();
    const { user, queryClient } = await openProfile();
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '646 555 0100');
    await user.clear(field(/^Time zone/));
    await user.type(field(/^Time zone/), 'Europe/Paris');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(Object.fromEntries(await posts[0]!)).toEqual({ phone: '646 555 0100', timezone: 'Europe/Paris' });
    expect(db.users.get(SEED_USERS.patient)).toMatchObject({
      phone: '646 555 0100',
      timezone: 'Europe/Paris',
      city: 'Brooklyn',
    });
    expect(queryClient.getQueryData(userQueries.me().queryKey)).toMatchObject({ timezone: 'Europe/Paris' });
    expect(field(/^Time zone/)).toHaveValue('Europe/Paris');
  });

  it('reads a primary-care phone with spaces and brackets as its 10 digits and upper-cases the state', async () => {
    const posts = recordProfilePosts();
    const { user } = await openProfile();
    await user.clear(field('Primary-care provider phone'));
    await user.type(field('Primary-care provider phone'), '(310) 555-0199');
    await user.clear(field('State'));
    await user.type(field('State'), 'ca');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(Object.fromEntries(await posts[0]!)).toEqual({ pcp_phone: '3105550199', state: 'CA' });
    expect(db.users.get(SEED_USERS.patient)).toMatchObject({ pcp_phone: '3105550199', state: 'CA' });
  });

  it.each([
    [
      'Primary-care provider phone',
      '212555',
      'Enter the 10-digit phone number of your primary-care provider',
    ],
    ['State', 'New York', 'Use the 2-letter state code, for example NY'],
    ['Date of birth', '12/04/1988', 'Enter your date of birth as YYYY-MM-DD'],
    ['Date of birth', '1988-02-30', 'Enter your date of birth as YYYY-MM-DD'],
    ['ZIP code', '1120', 'Enter a 5-digit ZIP code'],
    [/^Time zone/, 'Mars/Olympus', 'Choose a time zone from the list'],
    [/^First name/, ' ', 'Enter your first name'],
  ])(
    'refuses %s = %j with a specific message, sends nothing and keeps what was typed',
    async (label, value, message) => {
      const posts = recordProfilePosts();
      const { user } = await openProfile();
      await user.clear(field('City'));
      await user.type(field('City'), 'Queens');
      const input = field(label);
      await user.clear(input);
      await user.type(input, value);
      await user.click(screen.getByRole('button', { name: 'Save profile' }));
      expect(await screen.findByText(new RegExp(message))).toBeInTheDocument();
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(expect.stringContaining(message.slice(0, 20)));
      expect(posts).toHaveLength(0);
      expect(input).toHaveValue(value);
      expect(field('City')).toHaveValue('Queens');
    },
  );

  it('puts a server refusal on the field it names and keeps everything typed', async () => {
    server.use(
      http.post(api('/me'), () =>
        HttpResponse.json(
          { code: 400, message: 'timezone: must be an IANA time zone such as America/New_York' },
          { status: 400 },
        ),
      ),
    );
    const { user } = await openProfile();
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '6465550100');
    await user.clear(field(/^Time zone/));
    await user.type(field(/^Time zone/), 'Etc/GMT+3');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('Time zone must be an IANA time zone such as America/New_York.'),
    ).toBeInTheDocument();
    expect(field(/^Time zone/)).toHaveAttribute('aria-invalid', 'true');
    expect(field(/^Time zone/)).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Please correct the field marked below.');
    expect(field('Phone')).toHaveValue('6465550100');
    expect(db.users.get(SEED_USERS.patient)!.phone).toBe('2125550143');
  });

  it('shows a server failure without raw text, keeps the input, and saves on the next try', async () => {
    server.use(
      http.post(
        api('/me'),
        () => HttpResponse.json({ code: 500, message: 'SQLSTATE[HY000] stack trace' }, { status: 500 }),
        {
          once: true,
        },
      ),
    );
    const { user } = await openProfile();
    await user.clear(field('City'));
    await user.type(field('City'), 'Queens');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The clinic is having trouble right now');
    expect(screen.queryByText(/SQLSTATE/)).not.toBeInTheDocument();
    expect(field('City')).toHaveValue('Queens');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(db.users.get(SEED_USERS.patient)!.city).toBe('Queens');
  });

  it('sends one request however often Save is pressed while saving', async () => {
    // The save stays unanswered until every click is done. (A fixed 150 ms delay let the save
    // finish between clicks on a slow machine; the later clicks then met an unchanged form and
    // replaced the confirmation with "Nothing has changed".)
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    server.use(
      http.post(api('/me'), async () => {
        await answered;
      }),
    );
    const posts = recordProfilePosts();
    const { user } = await openProfile();
    await user.clear(field('City'));
    await user.type(field('City'), 'Queens');
    const save = screen.getByRole('button', { name: 'Save profile' });
    await user.click(save);
    await user.click(save);
    await user.dblClick(save);
    answer();
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(posts).toHaveLength(1);
    expect(db.users.get(SEED_USERS.patient)!.city).toBe('Queens');
  });

  it('says so when nothing changed, without a request', async () => {
    const posts = recordProfilePosts();
    const { user } = await openProfile();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Nothing has changed, so there was nothing to save.')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });

  it('works the same for a provider on the provider profile', async () => {
    const { user } = await openProfile('/provider/profile', 'demo-provider');
    expect(field(/^First name/)).toHaveValue('Samira');
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '2125550111');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(db.users.get(SEED_USERS.provider)!.phone).toBe('2125550111');
  });
});

describe('the password', () => {
  it('asks for the current password when one exists, then changes it', async () => {
    const { user } = await openProfile();
    const form = screen.getByRole('form', { name: 'Password' });
    await user.type(within(form).getByLabelText(/^New password/), 'brand-new-secret');
    await user.type(within(form).getByLabelText(/^Repeat the new password/), 'brand-new-secret');
    await user.click(within(form).getByRole('button', { name: 'Save password' }));
    expect(
      await within(form).findByText('Current password is required to change your password.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveFocus();
    expect(within(form).getByLabelText(/^New password/)).toHaveValue('brand-new-secret');

    // A wrong current password is said once, in plain words, and nothing is changed.
    await user.type(within(form).getByLabelText('Current password'), 'not-my-password');
    await user.click(within(form).getByRole('button', { name: 'Save password' }));
    expect(
      await within(form).findByText('Current password is not the one you use now: check it and try again.'),
    ).toBeInTheDocument();
    expect(db.users.get(SEED_USERS.patient)!._password).toBe('demo-password');

    await user.clear(within(form).getByLabelText('Current password'));
    await user.type(within(form).getByLabelText('Current password'), 'demo-password');
    await user.click(within(form).getByRole('button', { name: 'Save password' }));
    expect(await within(form).findByText('Your password was saved.')).toBeInTheDocument();
    expect(db.users.get(SEED_USERS.patient)!._password).toBe('brand-new-secret');
    expect(within(form).getByLabelText(/^New password/)).toHaveValue('');
  });

  it('checks length and the repeat before sending', async () => {
    const posts = recordProfilePosts();
    const { user } = await openProfile();
    const form = screen.getByRole('form', { name: 'Password' });
    await user.type(within(form).getByLabelText(/^New password/), 'short');
    await user.type(within(form).getByLabelText(/^Repeat the new password/), 'shorter');
    await user.click(within(form).getByRole('button', { name: 'Save password' }));
    expect(await within(form).findByText('Use at least 8 characters')).toBeInTheDocument();
    expect(within(form).getByText('The two new passwords do not match')).toBeInTheDocument();
    expect(posts).toHaveLength(0);
  });
});

describe('the profile photo', () => {
  it('uploads a user_avatar file, points the profile at it, and removes it again', async () => {
    const { user } = await openProfile();
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3, 4])], 'me.png', {
      type: 'image/png',
    });
    await user.upload(screen.getByLabelText('Upload a photo'), png);
    expect(await screen.findByRole('img', { name: 'Your current profile photo' })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/api_v3\/files\/view\/file_[0-9a-f]+\?auth_code=\w+&time=\d+/),
    );
    const fileId = db.users.get(SEED_USERS.patient)!._photo_file as string;
    expect((db.files.get(fileId)?.meta as { category?: string } | undefined)?.category).toBe('user_avatar');

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(await screen.findByRole('img', { name: 'No profile photo yet' })).toBeInTheDocument();
    expect(db.users.get(SEED_USERS.patient)!._photo_file).toBeUndefined();
    expect(db.users.get(SEED_USERS.patient)!.photo).toBe('');
  });

  it('refuses a file that is not an image before sending it', async () => {
    await openProfile();
    const pdf = new File(['%PDF-1.4'], 'scan.pdf', { type: 'application/pdf' });
    // Past the picker's own filter (a drop, or a picker that ignores `accept`).
    fireEvent.change(screen.getByLabelText('Upload a photo'), { target: { files: [pdf] } });
    expect(await screen.findByText(/Not sent\./)).toBeInTheDocument();
    expect([...db.files.values()].some((f) => f.name === 'scan.pdf')).toBe(false);
  });
});
