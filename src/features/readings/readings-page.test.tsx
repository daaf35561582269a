import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it } from 'vitest';
import { db } from '@telehealth/mock/db';
import { api } from '@telehealth/mock/lib/routes';
import { server } from '@telehealth/mock/node';
import { renderRoute } from '~test/render';
import { SEED_USERS } from '@telehealth/mock/seed/ids';
import { calendarDateIn } from '@/lib/dates';

async function openPage() {
  const utils = renderRoute('/patient/readings', { as: 'demo-patient' });
  await screen.findByRole('heading', { level: 1, name: 'Health readings' });
  return utils;
}

/** Measurements stored since the test began (the mock database lives for the whole file). */
let before = new Set<string>();
beforeEach(() => {
  before = new Set(db.measurements.keys());
});
const measurements = () => [...db.measurements.values()].filter((m) => !before.has(m.id));

describe('health readings page', () => {
  it('refuses implausible values with a specific message, sending nothing', async () => {
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText('What are you sending?'), 'temperature_body');
    await user.type(screen.getByRole('textbox', { name: /^Temperature/ }), '70');
    await user.click(screen.getByRole('radio', { name: '°C' }));
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    expect(
      await screen.findByText(
        'A body temperature of 70 °C is not possible. Enter a value between 34 and 43 °C.',
      ),
    ).toBeInTheDocument();
    // Focus moves to the refused field once the form is no longer busy (an effect after the render).
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Temperature/ })).toHaveFocus());

    await user.selectOptions(screen.getByLabelText('What are you sending?'), 'bp');
    await user.type(screen.getByRole('textbox', { name: /^Systolic/ }), '80');
    await user.type(screen.getByRole('textbox', { name: /^Diastolic/ }), '120');
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    expect(
      await screen.findByText(
        'The top number (systolic) must be higher than the bottom number (diastolic). Check that they are not swapped.',
      ),
    ).toBeInTheDocument();
    expect(measurements()).toHaveLength(0);
    expect(screen.getByRole('textbox', { name: /^Systolic/ })).toHaveValue('80');
  });

  it('sends a valid blood pressure as entered, with the device registered and the account key', async () => {
    const { user } = await openPage();
    await user.type(screen.getByRole('textbox', { name: /^Systolic/ }), '16');
    await user.type(screen.getByRole('textbox', { name: /^Diastolic/ }), '10');
    await user.click(screen.getByRole('radio', { name: 'kPa' }));
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    const sent = await screen.findByRole('list', { name: 'Readings sent' });
    expect(within(sent).getByRole('listitem')).toHaveTextContent(
      'Blood pressure: 16/10 kPa (120/75 mmHg) · Blood pressure monitor · taken',
    );
    expect(db.devices.get(`${SEED_USERS.patient}:portal-blood_pressure_monitor`)).toMatchObject({
      type: 'blood_pressure_monitor',
      user_id: SEED_USERS.patient,
    });
    expect(measurements()).toEqual([
      expect.objectContaining({
        type: 'blood_pressure_monitor',
        device_id: 'portal-blood_pressure_monitor',
        data_type: 'bp',
        data_class: 'body',
        hp: 16,
        lp: 10,
        bp_unit: 'kPa',
        user_id: SEED_USERS.patient,
        _api_key: 'demo-api-key',
      }),
    ]);
    expect(screen.getByRole('textbox', { name: /^Systolic/ })).toHaveValue('');
  });

  it('puts a server refusal on the field it names, keeping what was typed', async () => {
    server.use(
      http.post(api('/health'), () =>
        HttpResponse.json({ code: 400, message: 'weight: 300 kg is outside 1–250' }, { status: 400 }),
      ),
    );
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText('What are you sending?'), 'weight');
    await user.type(screen.getByRole('textbox', { name: /^Weight/ }), '300');
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    const field = screen.getByRole('textbox', { name: /^Weight/ });
    await waitFor(() =>
      expect(field).toHaveAccessibleDescription(/could not accept this weight: 300 kg is outside/),
    );
    expect(field).toHaveValue('300');
    await waitFor(() => expect(field).toHaveFocus());
  });

  it('keeps the reading after a failed send and sends it on the retry', async () => {
    server.use(http.post(api('/health'), () => HttpResponse.error(), { once: true }));
    const { user } = await openPage();
    await user.selectOptions(screen.getByLabelText('What are you sending?'), 'hr');
    await user.type(screen.getByRole('textbox', { name: /^Heart rate/ }), '72');
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your reading is still here');
    expect(screen.getByRole('textbox', { name: /^Heart rate/ })).toHaveValue('72');
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    await screen.findByRole('list', { name: 'Readings sent' });
    expect(measurements()).toEqual([
      expect.objectContaining({ data_type: 'hr', hr: 72, type: 'pulse_oximeter' }),
    ]);
  });

  it('registers a home device and sends a reading measured with it', async () => {
    const { user } = await openPage();
    const register = screen.getByRole('form', { name: 'Register a home device' });
    await user.click(within(register).getByRole('button', { name: 'Register device' }));
    expect(
      await within(register).findByText(
        'Give the device a name you will recognise, such as “Bathroom scale”.',
      ),
    ).toBeInTheDocument();
    await user.type(within(register).getByRole('textbox', { name: /^Device name/ }), 'Cuff at home');
    await user.selectOptions(within(register).getByLabelText('Kind of device'), 'blood_pressure_monitor');
    await user.type(within(register).getByRole('textbox', { name: /^Serial number/ }), 'OM-123');
    await user.click(within(register).getByRole('button', { name: 'Register device' }));
    expect(await within(register).findByText(/Cuff at home is registered/)).toBeInTheDocument();
    expect(db.devices.get(`${SEED_USERS.patient}:OM-123`)).toMatchObject({
      device_name: 'Cuff at home',
      type: 'blood_pressure_monitor',
    });

    await user.selectOptions(screen.getByLabelText('Measured with'), 'own:OM-123');
    await user.type(screen.getByRole('textbox', { name: /^Systolic/ }), '118');
    await user.type(screen.getByRole('textbox', { name: /^Diastolic/ }), '76');
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    const sent = await screen.findByRole('list', { name: 'Readings sent' });
    expect(within(sent).getByRole('listitem')).toHaveTextContent('118/76 mmHg · Cuff at home');
    expect(within(sent).getByRole('listitem')).not.toHaveTextContent('kPa');
    expect(measurements()).toEqual([
      expect.objectContaining({ device_id: 'OM-123', type: 'blood_pressure_monitor', hp: 118, lp: 76 }),
    ]);
  });
});

describe('readings over time', () => {
  it('charts what was sent by the time each reading was taken, one chart per kind, with every reading in a table', async () => {
    const { user } = await openPage();
    await user.type(screen.getByRole('textbox', { name: /^Systolic/ }), '128');
    await user.type(screen.getByRole('textbox', { name: /^Diastolic/ }), '82');
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    await screen.findByRole('img', { name: /^Blood pressure, 1 reading on .+: 128\/82 mmHg$/ });

    // A reading copied from a diary: taken a week ago (in the patient's zone), sent after the first.
    const zone = 'America/New_York';
    const weekAgo = calendarDateIn(Date.now() / 1000 - 7 * 86_400, zone);
    await user.type(screen.getByRole('textbox', { name: /^Systolic/ }), '135');
    await user.type(screen.getByRole('textbox', { name: /^Diastolic/ }), '88');
    await user.clear(screen.getByLabelText(/^Day taken/));
    await user.type(screen.getByLabelText(/^Day taken/), weekAgo);
    await user.clear(screen.getByLabelText(/^Time taken/));
    await user.type(screen.getByLabelText(/^Time taken/), '08:00');
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    const chart = await screen.findByRole('img', {
      name: /^Blood pressure, 2 readings from .+ to .+, latest 128\/82 mmHg$/,
    });
    expect(within(chart).getAllByTestId(/^series-/)).toHaveLength(2);

    await user.selectOptions(screen.getByLabelText('What are you sending?'), 'hr');
    await user.type(screen.getByRole('textbox', { name: /^Heart rate/ }), '64');
    await user.click(screen.getByRole('button', { name: 'Send reading' }));
    await screen.findByRole('img', { name: /^Heart rate, 1 reading on .+: 64 beats per minute$/ });
    expect(screen.getAllByRole('img', { name: /reading/ })).toHaveLength(2);

    await user.click(screen.getByText('Show blood pressure as a table'));
    const table = screen.getByRole('table', { name: 'Blood pressure readings, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('128/82 mmHg');
    expect(rows[1]).toHaveTextContent(
      /^\w{3}, \w{3} \d{1,2}, \d{4}, 8:00 AM E[SD]T135\/88 mmHgBlood pressure monitor$/,
    );
    expect(measurements().map((m) => m.data_type)).toEqual(['bp', 'bp', 'hr']);
  });
});
