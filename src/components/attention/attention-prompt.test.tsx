import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeAudio, fakeNotifications, freshAttention } from '~test/attention';
import { AttentionPrompt } from './attention-prompt';
import { ATTENTION_PREFS_KEY, getAttentionPrefs, setAttentionPrefs } from './preferences';

const ASK = 'Notify me when my provider is ready';

beforeEach(() => {
  freshAttention();
});

describe('AttentionPrompt', () => {
  it('never asks on render; one press asks the browser once, unlocks sound and says what will happen', async () => {
    const { requestPermission } = fakeNotifications('default', 'granted');
    const audio = fakeAudio();
    const user = userEvent.setup();
    render(<AttentionPrompt reason="ready" />);
    expect(requestPermission).not.toHaveBeenCalled();
    expect(audio.contexts).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent(
      'Switching to another tab? We can let you know when your provider is ready.',
    );

    await user.click(screen.getByRole('button', { name: ASK }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(audio.contexts).toHaveLength(1);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We will notify you and play a sound when your provider is ready, even if you switch to another tab.',
    );
    expect(screen.queryByRole('button', { name: ASK })).not.toBeInTheDocument();
    expect(getAttentionPrefs()).toEqual({ optedIn: true, soundOn: true });
    // Kept under the user prefix: sign-out wipes it with the drafts.
    expect(ATTENTION_PREFS_KEY).toBe('telehealth.user.attention');
    expect(window.sessionStorage.getItem(ATTENTION_PREFS_KEY)).not.toBeNull();
  });

  it('lets the patient turn the sound off and on again', async () => {
    fakeNotifications('granted');
    const user = userEvent.setup();
    setAttentionPrefs({ optedIn: true });
    render(<AttentionPrompt reason="ready" />);
    const sound = screen.getByRole('button', { name: 'Play a sound' });
    expect(sound).toHaveAttribute('aria-pressed', 'true');
    await user.click(sound);
    expect(sound).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('status')).toHaveTextContent(
      'We will notify you when your provider is ready, even if you switch to another tab. Sound is off.',
    );
    expect(getAttentionPrefs().soundOn).toBe(false);
    await user.click(sound);
    expect(sound).toHaveAttribute('aria-pressed', 'true');
    expect(getAttentionPrefs().soundOn).toBe(true);
  });

  it('blocked in the browser: says so and what the page will still do', async () => {
    const { requestPermission } = fakeNotifications('default', 'denied');
    const user = userEvent.setup();
    render(<AttentionPrompt reason="ready" />);
    await user.click(screen.getByRole('button', { name: ASK }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Notifications are blocked for this site in your browser settings. Keep this tab open: we will play a sound and change the tab’s title when your provider is ready.',
    );
    expect(screen.getByRole('button', { name: 'Play a sound' })).toBeInTheDocument();
  });

  it('already blocked: the press does not ask again (the browser would not show it)', async () => {
    const { requestPermission } = fakeNotifications('denied');
    const user = userEvent.setup();
    render(<AttentionPrompt reason="ready" />);
    await user.click(screen.getByRole('button', { name: ASK }));
    expect(requestPermission).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent(/^Notifications are blocked/);
  });

  it('a browser without notifications: offers the in-page alerts only', async () => {
    const user = userEvent.setup();
    render(<AttentionPrompt reason="join" />);
    await user.click(screen.getByRole('button', { name: 'Notify me when my visit can start' }));
    expect(screen.getByRole('status')).toHaveTextContent(
      'This browser cannot show notifications. Keep this tab open: we will play a sound and change the tab’s title when your visit can start.',
    );
  });

  it('a dismissed question: says notifications are not on and offers to ask again', async () => {
    const { requestPermission } = fakeNotifications('default', 'default');
    const user = userEvent.setup();
    render(<AttentionPrompt reason="ready" />);
    await user.click(screen.getByRole('button', { name: ASK }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Notifications are not turned on\./);
    await user.click(screen.getByRole('button', { name: 'Allow notifications' }));
    expect(requestPermission).toHaveBeenCalledTimes(2);
  });

  it('a patient who already opted in in this tab sees the state at once and is not asked', () => {
    const { requestPermission } = fakeNotifications('granted');
    setAttentionPrefs({ optedIn: true });
    render(<AttentionPrompt reason="ready" />);
    expect(screen.getByRole('status')).toHaveTextContent(/^We will notify you and play a sound/);
    expect(screen.queryByRole('button', { name: ASK })).not.toBeInTheDocument();
    expect(requestPermission).not.toHaveBeenCalled();
  });

  it('speaks to a provider about new walk-ins and messages', async () => {
    const { requestPermission } = fakeNotifications('default', 'granted');
    const user = userEvent.setup();
    render(<AttentionPrompt reason="provider-work" />);
    expect(requestPermission).not.toHaveBeenCalled();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Switching to another tab? We can let you know when a patient starts waiting in one of your rooms or you get a new message.',
    );
    await user.click(screen.getByRole('button', { name: 'Notify me about new walk-ins and messages' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('status')).toHaveTextContent(
      'We will notify you and play a sound when a patient starts waiting in one of your rooms or you get a new message, even if you switch to another tab.',
    );
  });
});
