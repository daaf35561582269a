import { fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, onTestFinished } from 'vitest';
import { userQueries } from '@/api/users/queries';
import { db } from '@telehealth/mock/db';
import { server } from '@telehealth/mock/node';
import { api } from '@telehealth/mock/lib/routes';
import { renderRoute } from '~test/render';
import { SEED_USERS } from '@telehealth/mock/seed/ids';
import { browserTimeZone, zoneInWords } from '@/lib/dates';
import { listedZoneName } from './time-zone-options';

/** What test/e2e/patient-words.e2e.ts refuses on patient pages. */
const IANA_NAME =
  /\b(America|Europe|Asia|Africa|Australia|Pacific|Atlantic|Indian|Antarctica|Etc)\/[A-Z][A-Za-z_+-]+/;

/** Everything a person sees or hears on the page: text, field values and accessible words. */
function pageWords(): string {
  /* eslint-disable testing-library/no-node-access -- every field and attribute on the page, whatever its role */
  const values = [...document.querySelectorAll('input, select, textarea')].map((el) =>
    el instanceof HTMLSelectElement
      ? [...el.selectedOptions].map((o) => o.text).join(' ')
      : (el as HTMLInputElement).value,
  );
  const labels = [...document.querySelectorAll('[aria-label], [title], [placeholder]')].flatMap((el) =>
    ['aria-label', 'title', 'placeholder'].map((name) => el.getAttribute(name) ?? ''),
  );
  /* eslint-enable testing-library/no-node-access */
  return [document.body.textContent ?? '', ...values, ...labels].join('\n');
}

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
const zoneBox = () => screen.getByRole('combobox', { name: /^Time zone/ });
const dobGroup = () => screen.getByRole('group', { name: 'Date of birth' });
const dobPart = (part: 'Month' | 'Day' | 'Year') => within(dobGroup()).getByLabelText(part);

/** Types into the time zone search and chooses the first match with Enter. */
async function chooseZone(user: ReturnType<typeof renderRoute>['user'], search: string) {
  await user.clear(zoneBox());
  await user.type(zoneBox(), search);
  await screen.findByRole('listbox', { name: /^Time zone/ });
  await user.keyboard('{Enter}');
}

describe('the profile page', () => {
  it('shows every editable field of the profile', async () => {
    await openProfile();
    expect(field(/^First name/)).toHaveValue('Casey');
    expect(field(/^Last name/)).toHaveValue('Morgan');
    expect(dobPart('Month')).toHaveDisplayValue('April');
    expect(dobPart('Day')).toHaveValue('12');
    expect(dobPart('Year')).toHaveValue('1988');
    expect(screen.getByRole('radio', { name: 'Female' })).toBeChecked();
    expect(field('Nationality')).toHaveValue('American');
    expect(field('Phone')).toHaveValue('2125550143');
    expect(field('Street address')).toHaveValue('100 Example Street');
    expect(field('City')).toHaveValue('Brooklyn');
    expect(field('State')).toHaveValue('NY');
    expect(field('ZIP code')).toHaveValue('11201');
    expect(field('Primary-care provider name')).toHaveValue('Dr. Lee Park');
    expect(field('Primary-care provider phone')).toHaveValue('2125550190');
    // Eastern Time is UTC−5 in winter and UTC−4 in summer.
    expect(zoneBox()).toHaveDisplayValue(/^New York — Eastern Time \(UTC−[45]\)$/);
    expect(screen.getByRole('form', { name: 'Password' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'No profile photo yet' })).toHaveTextContent('CM');
    expect(screen.getByLabelText('Upload a photo')).toBeInTheDocument();
  });

  it('saves only what changed; the new time zone becomes the one every time is shown in', async () => {
    const posts = recordProfilePosts();
    const { user, queryClient } = await openProfile();
    await user.clear(field('Phone'));
    await user.type(field('Phone'), '646 555 0100');
    await chooseZone(user, 'paris');
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
    expect(zoneBox()).toHaveDisplayValue(/^Paris — Central European Time \(UTC\+[12]\)$/);
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
    ['ZIP code', '1120', 'Enter a 5-digit ZIP code'],
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
    await chooseZone(user, 'tokyo');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    // The server's words name identifiers; the patient reads what to do instead.
    expect(
      await screen.findByText(
        'The clinic could not use this time zone. Choose another from the list, or use this device’s time zone.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/America\/New_York/)).not.toBeInTheDocument();
    expect(zoneBox()).toHaveAttribute('aria-invalid', 'true');
    expect(zoneBox()).toHaveFocus();
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

describe('the time zone', () => {
  it('finds Kolkata by its city, its country and its name in words, and stores the IANA name', async () => {
    const posts = recordProfilePosts();
    const { user } = await openProfile();
    for (const search of ['kolkata', 'India', 'india standard']) {
      await user.clear(zoneBox());
      await user.type(zoneBox(), search);
      const list = await screen.findByRole('listbox', { name: /^Time zone/ });
      expect(
        within(list).getByRole('option', { name: 'Kolkata — India Standard Time (UTC+5:30)' }),
      ).toBeVisible();
    }
    await user.keyboard('{Escape}');
    // Escape puts the chosen zone back: nothing was chosen yet.
    expect(zoneBox()).toHaveDisplayValue(/^New York — Eastern Time/);
    expect(zoneBox()).toHaveAttribute('aria-expanded', 'false');

    await chooseZone(user, 'kolkata');
    expect(zoneBox()).toHaveValue('Kolkata — India Standard Time (UTC+5:30)');
    expect(screen.getByText(/It is now \d{1,2}:\d{2} [AP]M there\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(Object.fromEntries(await posts[0]!)).toEqual({ timezone: 'Asia/Kolkata' });
    // The mock keeps the runtime's canonical name for the same zone (Asia/Calcutta in Node's ICU).
    expect(listedZoneName(db.users.get(SEED_USERS.patient)!.timezone)).toBe('Asia/Kolkata');
    expect(zoneBox()).toHaveValue('Kolkata — India Standard Time (UTC+5:30)');
    expect(pageWords()).not.toMatch(IANA_NAME);
  });

  it('is chosen with the keyboard: "eastern" lists the Eastern zones by region, arrows move, Enter chooses', async () => {
    const { user } = await openProfile();
    await user.clear(zoneBox());
    await user.type(zoneBox(), 'eastern');
    const list = await screen.findByRole('listbox', { name: /^Time zone/ });
    expect(within(list).getAllByRole('group')[0]).toHaveAccessibleName('United States & Canada');
    for (const region of ['Caribbean', 'Europe', 'Australia & New Zealand'])
      expect(within(list).getByRole('group', { name: region })).toBeInTheDocument();
    const usCanada = within(list).getByRole('group', { name: 'United States & Canada' });
    expect(
      within(usCanada).getByRole('option', { name: /^Toronto — Eastern Time \(UTC−[45]\), Canada$/ }),
    ).toBeInTheDocument();
    expect(within(list).getByRole('option', { name: /^Kyiv — Eastern European Time/ })).toBeInTheDocument();

    // Down arrow until Detroit is the active option (the first one is active as soon as the list opens).
    const activeText = () => {
      const option = within(list).getByRole('option', { selected: true });
      expect(zoneBox()).toHaveAttribute('aria-activedescendant', option.id);
      return option.textContent;
    };
    expect(activeText()).not.toBe('');
    for (let i = 0; i < 40 && !activeText().startsWith('Detroit'); i += 1) await user.keyboard('{ArrowDown}');
    expect(activeText()).toMatch(/^Detroit — Eastern Time/);
    await user.keyboard('{ArrowUp}{ArrowDown}');
    expect(activeText()).toMatch(/^Detroit — Eastern Time/);
    await user.keyboard('{Enter}');
    expect(zoneBox()).toHaveDisplayValue(/^Detroit — Eastern Time \(UTC−[45]\)$/);
    expect(zoneBox()).toHaveAttribute('aria-expanded', 'false');
    expect(zoneBox()).toHaveFocus();
    // Enter in the closed box is the form's again: it saves.
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(db.users.get(SEED_USERS.patient)!.timezone).toBe('America/Detroit');
  });

  it('shows the whole list in words, never an IANA name', async () => {
    const { user } = await openProfile();
    await user.click(zoneBox());
    const list = await screen.findByRole('listbox', { name: /^Time zone/ });
    // Plain DOM queries here: role queries over several hundred options are slow in jsdom.
    // eslint-disable-next-line testing-library/no-node-access -- see above
    const options = [...list.querySelectorAll('[role="option"]')].map((o) => o.textContent ?? '');
    expect(options.length).toBeGreaterThan(300);
    // Opening shows the chosen zone, active and marked.
    const chosen = within(list).getByRole('option', { selected: true });
    expect(chosen).toHaveTextContent(/^New York — Eastern Time/);
    expect(zoneBox()).toHaveAttribute('aria-activedescendant', chosen.id);
    expect(options).toContainEqual(expect.stringMatching(/^London — United Kingdom Time \(UTC\+[01]\)$/));
    expect(options).toContain('Coordinated Universal Time (UTC)');
    expect(pageWords()).not.toMatch(IANA_NAME);
    await user.clear(zoneBox());
    await user.type(zoneBox(), 'zzzz');
    expect(await screen.findByText(/No time zone matches “zzzz”/)).toBeInTheDocument();
    await user.tab();
    // Leaving without choosing keeps the zone that was chosen.
    expect(zoneBox()).toHaveDisplayValue(/^New York — Eastern Time/);
  });

  it('takes this device’s time zone in one tap', async () => {
    db.users.get(SEED_USERS.patient)!.timezone = 'Pacific/Auckland';
    const { user } = await openProfile();
    const device = listedZoneName(browserTimeZone());
    await user.click(
      screen.getByRole('button', { name: `Use this device’s time zone (${zoneInWords(device)})` }),
    );
    expect(await screen.findByText(/^Chosen: /)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(listedZoneName(db.users.get(SEED_USERS.patient)!.timezone)).toBe(device);
    expect(pageWords()).not.toMatch(IANA_NAME);
  });
});

describe('the date of birth', () => {
  it('is typed as month, day and year and saved in the API’s format', async () => {
    const posts = recordProfilePosts();
    const { user } = await openProfile();
    const month = dobPart('Month');
    const day = dobPart('Day');
    const year = dobPart('Year');
    expect(month).toHaveAttribute('autocomplete', 'bday-month');
    expect(day).toHaveAttribute('autocomplete', 'bday-day');
    expect(day).toHaveAttribute('inputmode', 'numeric');
    expect(year).toHaveAttribute('autocomplete', 'bday-year');
    expect(year).toHaveAttribute('inputmode', 'numeric');
    await user.selectOptions(month, 'September');
    await user.clear(day);
    await user.type(day, '3');
    await user.clear(year);
    await user.type(year, '1991');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(Object.fromEntries(await posts[0]!)).toEqual({ dob: '1991-09-03' });
    expect(db.users.get(SEED_USERS.patient)!.dob).toBe('1991-09-03');
    expect(dobPart('Day')).toHaveValue('3');
  });

  it('says what is wrong with each part at once, keeps every part, and saves once corrected', async () => {
    const posts = recordProfilePosts();
    const { user } = await openProfile();
    await user.clear(field('City'));
    await user.type(field('City'), 'Queens');
    await user.selectOptions(dobPart('Month'), 'April');
    await user.clear(dobPart('Day'));
    await user.type(dobPart('Day'), '31');
    await user.clear(dobPart('Year'));
    await user.type(dobPart('Year'), '90');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));

    expect(await screen.findByText('Enter the year as 4 digits, like 1990')).toBeInTheDocument();
    expect(screen.getByText('Enter a real date: April has 30 days')).toBeInTheDocument();
    expect(dobPart('Year')).toHaveAttribute('aria-invalid', 'true');
    expect(dobPart('Year')).toHaveAccessibleDescription(
      expect.stringContaining('Enter the year as 4 digits'),
    );
    expect(dobPart('Day')).toHaveAttribute('aria-invalid', 'true');
    expect(dobPart('Day')).toHaveAccessibleDescription(expect.stringContaining('April has 30 days'));
    expect(dobPart('Month')).not.toHaveAttribute('aria-invalid');
    expect(dobPart('Month')).toHaveDisplayValue('April');
    expect(dobPart('Day')).toHaveValue('31');
    expect(dobPart('Year')).toHaveValue('90');
    expect(field('City')).toHaveValue('Queens');
    expect(posts).toHaveLength(0);

    // Mending one part leaves the other's message until it is mended too.
    await user.clear(dobPart('Year'));
    await user.type(dobPart('Year'), '1990');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Enter a real date: April has 30 days')).toBeInTheDocument();
    expect(screen.queryByText('Enter the year as 4 digits, like 1990')).not.toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.clear(dobPart('Day'));
    await user.type(dobPart('Day'), '30');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(Object.fromEntries(await posts[0]!)).toEqual({ city: 'Queens', dob: '1990-04-30' });
    expect(db.users.get(SEED_USERS.patient)).toMatchObject({ city: 'Queens', dob: '1990-04-30' });
  });

  it.each([
    [{ month: '', day: '12', year: '1988' }, 'Month', 'Date of birth must include a month'],
    [{ month: 'April', day: '', year: '1988' }, 'Day', 'Date of birth must include a day'],
    [{ month: 'April', day: '12', year: '' }, 'Year', 'Date of birth must include a year'],
    [{ month: 'April', day: '0', year: '1988' }, 'Day', 'Enter the day as a number from 1 to 31'],
    [{ month: 'February', day: '29', year: '1987' }, 'Day', 'Enter a real date: February 1987 has 28 days'],
    [{ month: 'April', day: '12', year: '2999' }, 'Year', 'Date of birth must be in the past'],
    [
      { month: 'April', day: '12', year: '1899' },
      'Year',
      'Date of birth must be on or after January 1, 1900',
    ],
  ] as const)('refuses %j on the %s with “%s”', async (date, part, message) => {
    const posts = recordProfilePosts();
    const { user } = await openProfile();
    await user.selectOptions(dobPart('Month'), date.month === '' ? 'Choose…' : date.month);
    for (const [name, value] of [
      ['Day', date.day],
      ['Year', date.year],
    ] as const) {
      await user.clear(dobPart(name));
      if (value) await user.type(dobPart(name), value);
    }
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(dobPart(part)).toHaveAttribute('aria-invalid', 'true');
    expect(dobPart(part)).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(posts).toHaveLength(0);
    expect(db.users.get(SEED_USERS.patient)!.dob).toBe('1988-04-12');
  });
});

describe('the gender', () => {
  it('offers what the insurance card offers; “Prefer not to say” sends no gender and says the record keeps it', async () => {
    const posts = recordProfilePosts();
    const { user } = await openProfile();
    const group = screen.getByRole('group', { name: 'Gender' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(3);
    ['Male', 'Female', 'Prefer not to say'].forEach((name, i) =>
      expect(radios[i]).toHaveAccessibleName(name),
    );
    await user.click(within(group).getByRole('radio', { name: 'Prefer not to say' }));
    expect(
      screen.getByText(/Your record keeps “Female”: the portal can change a gender but cannot remove one\./),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(
      await screen.findByText('Nothing was saved: only the clinic can remove the gender on your record.'),
    ).toBeInTheDocument();
    expect(posts).toHaveLength(0);

    await user.clear(field('City'));
    await user.type(field('City'), 'Queens');
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(Object.fromEntries(await posts[0]!)).toEqual({ city: 'Queens' });
    expect(db.users.get(SEED_USERS.patient)).toMatchObject({ city: 'Queens', gender: 2 });
    expect(within(group).getByRole('radio', { name: 'Female' })).toBeChecked();
  });

  it('starts on “Prefer not to say” when none is given, and saves a choice as the spec’s word', async () => {
    db.users.get(SEED_USERS.patient)!.gender = 0;
    const posts = recordProfilePosts();
    const { user } = await openProfile();
    const group = screen.getByRole('group', { name: 'Gender' });
    expect(within(group).getByRole('radio', { name: 'Prefer not to say' })).toBeChecked();
    expect(screen.queryByText(/Your record keeps/)).not.toBeInTheDocument();
    await user.click(within(group).getByRole('radio', { name: 'Male' }));
    await user.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Your profile was saved.')).toBeInTheDocument();
    expect(Object.fromEntries(await posts[0]!)).toEqual({ gender: 'male' });
    expect(db.users.get(SEED_USERS.patient)!.gender).toBe(1);
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
      await within(form).findByText('That isn’t your current password. Check it and try again.'),
    ).toBeInTheDocument();
    expect(within(form).getByLabelText('Current password')).toHaveFocus();
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
