import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEVEL_INTERVAL_MS, PreCallCheck } from './pre-call-check';

/** A fake camera + microphone stream whose tracks record being stopped. */
function fakeStream() {
  const video = { kind: 'video', stop: vi.fn(), getSettings: () => ({ deviceId: 'cam-1' }) };
  const audio = { kind: 'audio', stop: vi.fn(), getSettings: () => ({ deviceId: 'mic-1' }) };
  return {
    tracks: [video, audio],
    stream: {
      getTracks: () => [video, audio],
      getVideoTracks: () => [video],
      getAudioTracks: () => [audio],
    } as unknown as MediaStream,
  };
}

const device = (kind: MediaDeviceKind, deviceId: string, label: string) =>
  ({ kind, deviceId, label, groupId: 'g' }) as MediaDeviceInfo;

const DEVICES = [
  device('videoinput', 'cam-1', 'Front camera'),
  device('videoinput', 'cam-2', 'USB camera'),
  device('audioinput', 'mic-1', 'Built-in microphone'),
  device('audiooutput', 'spk-1', 'Speakers'),
];

let oscillators: { start: ReturnType<typeof vi.fn>; stop: ReturnType<typeof vi.fn> }[];
let contexts: { close: ReturnType<typeof vi.fn> }[];

class FakeAudioContext {
  currentTime = 0;
  destination = {};
  close = vi.fn(() => Promise.resolve());
  constructor() {
    contexts.push(this);
  }
  createAnalyser() {
    return {
      fftSize: 256,
      // A loud-ish waveform: samples swing 64 either side of silence (128).
      getByteTimeDomainData: (buffer: Uint8Array) => buffer.forEach((_, i) => (buffer[i] = i % 2 ? 192 : 64)),
    };
  }
  createMediaStreamSource() {
    return { connect: vi.fn() };
  }
  createGain() {
    return { gain: { value: 1 }, connect: (node: unknown) => node };
  }
  createOscillator() {
    const osc = { frequency: { value: 0 }, connect: (node: unknown) => node, start: vi.fn(), stop: vi.fn() };
    oscillators.push(osc);
    return osc;
  }
}

const getUserMedia = vi.fn();
const enumerateDevices = vi.fn();

beforeEach(() => {
  oscillators = [];
  contexts = [];
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia, enumerateDevices },
  });
  vi.stubGlobal('AudioContext', FakeAudioContext);
  enumerateDevices.mockResolvedValue(DEVICES);
  // jsdom has no media playback.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  vi.unstubAllGlobals();
  getUserMedia.mockReset();
  enumerateDevices.mockReset();
});

describe('pre-call check', () => {
  it('shows the camera, the microphone level and the devices, plays a tone, and stops every track on leave', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const user = userEvent.setup();
    const { stream, tracks } = fakeStream();
    getUserMedia.mockResolvedValue(stream);
    const { unmount } = render(<PreCallCheck />);
    await user.click(screen.getByRole('button', { name: 'Start the check' }));

    expect(getUserMedia).toHaveBeenCalledWith({ video: true, audio: true });
    const video = screen.getByLabelText<HTMLVideoElement>('Your camera');
    expect(video.srcObject).toBe(stream);
    expect(video).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Camera' })).toHaveValue('cam-1');
    expect(screen.getByRole('option', { name: 'USB camera' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Microphone' })).toHaveValue('mic-1');
    expect(screen.getByRole('combobox', { name: 'Speakers' })).toBeInTheDocument();

    const level = screen.getByRole('meter', { name: /Microphone level/ });
    expect(level).toHaveAttribute('value', '0');
    act(() => {
      vi.advanceTimersByTime(LEVEL_INTERVAL_MS);
    });
    expect(level).toHaveAttribute('value', '50');

    await user.click(screen.getByRole('button', { name: 'Play a test sound' }));
    expect(oscillators).toHaveLength(1);
    expect(oscillators[0]?.start).toHaveBeenCalled();
    expect(oscillators[0]?.stop).toHaveBeenCalledWith(1);
    expect(screen.getByRole('status')).toHaveTextContent(/short beep/);

    unmount();
    for (const track of tracks) expect(track.stop).toHaveBeenCalled();
    expect(contexts[0]?.close).toHaveBeenCalled();
    vi.useRealTimers();
  });

  it('switching the camera asks for that device and stops the previous tracks', async () => {
    const first = fakeStream();
    const second = fakeStream();
    getUserMedia.mockResolvedValueOnce(first.stream).mockResolvedValueOnce(second.stream);
    const user = userEvent.setup();
    render(<PreCallCheck />);
    await user.click(screen.getByRole('button', { name: 'Start the check' }));
    const camera = screen.getByRole('combobox', { name: 'Camera' });
    await user.selectOptions(camera, 'cam-2');
    expect(getUserMedia).toHaveBeenLastCalledWith({
      video: { deviceId: { exact: 'cam-2' } },
      audio: { deviceId: { exact: 'mic-1' } },
    });
    for (const track of first.tracks) expect(track.stop).toHaveBeenCalled();
  });

  it.each([
    ['NotAllowedError', /not letting this page use the camera and microphone/, /choose Allow/],
    ['NotFoundError', /could not find a camera or a microphone/, /Plug in a headset or webcam/],
  ])('explains %s with what to do next, and can check again', async (name, title, next) => {
    getUserMedia.mockRejectedValueOnce(new DOMException('blocked', name));
    const user = userEvent.setup();
    render(<PreCallCheck />);
    await user.click(screen.getByRole('button', { name: 'Start the check' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(next);
    expect(screen.getByLabelText('Your camera')).not.toBeVisible();

    const { stream } = fakeStream();
    getUserMedia.mockResolvedValueOnce(stream);
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('meter', { name: /Microphone level/ })).toBeInTheDocument();
  });

  it('says which browsers work when there is no camera access at all', async () => {
    Reflect.deleteProperty(navigator, 'mediaDevices');
    const user = userEvent.setup();
    render(<PreCallCheck />);
    await user.click(screen.getByRole('button', { name: 'Start the check' }));
    expect(screen.getByRole('alert')).toHaveTextContent(/recent version of Chrome/);
  });
});
