import type { MessageDescriptor } from '@lingui/core';
import { msg, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { i18n } from '@/lib/i18n';
import { formatLocale } from '@/lib/locale';

/** How often the microphone level is read while the check runs. */
export const LEVEL_INTERVAL_MS = 100;
/** Length of the speaker test tone. */
const TONE_SECONDS = 1;

type Problem = 'denied' | 'missing' | 'busy' | 'unsupported' | 'other';

/** What went wrong and what to do, shown with `i18n._`. */
const HELP: Record<Problem, { title: MessageDescriptor; text: MessageDescriptor }> = {
  denied: {
    title: msg`Your browser is not letting this page use the camera and microphone`,
    text: msg`Select the camera icon or the lock next to the address at the top of the page, choose Allow for the camera and the microphone, then press “Check again”. On a phone, you may need to allow them for your browser in the phone’s settings.`,
  },
  missing: {
    title: msg`We could not find a camera or a microphone`,
    text: msg`Plug in a headset or webcam, or use a phone or laptop that has them, then press “Check again”.`,
  },
  busy: {
    title: msg`Another app is using your camera or microphone`,
    text: msg`Close other video call apps or browser tabs that use them, then press “Check again”.`,
  },
  unsupported: {
    title: msg`This browser cannot use a camera here`,
    text: msg`Open this page in a recent version of Chrome, Edge, Firefox or Safari to take part by video.`,
  },
  other: {
    title: msg`The camera and microphone could not be started`,
    text: msg`Press “Check again”. If it keeps happening, restart your browser.`,
  },
};

type DeviceKind = 'camera' | 'microphone' | 'speakers';

/** A device the browser gives no name: "Camera 2". */
function unnamedDevice(kind: DeviceKind, number: number): string {
  if (kind === 'camera') return t`Camera ${number}`;
  if (kind === 'microphone') return t`Microphone ${number}`;
  return t`Speakers ${number}`;
}

function problemOf(error: unknown): Problem {
  const name = error instanceof Error || error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return 'missing';
  if (name === 'NotReadableError' || name === 'AbortError') return 'busy';
  return 'other';
}

interface Devices {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
  speakers: MediaDeviceInfo[];
}

const NO_DEVICES: Devices = { cameras: [], microphones: [], speakers: [] };

type AudioContextClass = typeof AudioContext;

function audioContextClass(): AudioContextClass | undefined {
  const w = window as typeof window & { webkitAudioContext?: AudioContextClass };
  return w.AudioContext ?? w.webkitAudioContext;
}

/** 0–100 from the analyser's waveform: how far the loudest sample strays from silence. */
function levelOf(analyser: AnalyserNode, buffer: Uint8Array<ArrayBuffer>): number {
  analyser.getByteTimeDomainData(buffer);
  let peak = 0;
  for (const sample of buffer) peak = Math.max(peak, Math.abs(sample - 128));
  return Math.min(100, Math.round((peak / 128) * 100));
}

/**
 * A pre-call check: the camera's picture, the microphone's level and a test tone for the
 * speakers, with the devices to choose from. Everything stays in the browser: nothing is
 * recorded or sent, and every camera and microphone track stops when the check stops or the
 * page is left.
 */
export function PreCallCheck() {
  const headingId = useId();
  const [isRunning, setRunning] = useState(false);
  const [isStarting, setStarting] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [devices, setDevices] = useState<Devices>(NO_DEVICES);
  const [cameraId, setCameraId] = useState('');
  const [microphoneId, setMicrophoneId] = useState('');
  const [speakerId, setSpeakerId] = useState('');
  const [level, setLevel] = useState(0);
  const [toneNote, setToneNote] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const audio = useRef<AudioContext | null>(null);
  const meter = useRef<number | null>(null);

  const stop = useCallback(() => {
    for (const track of stream.current?.getTracks() ?? []) track.stop();
    stream.current = null;
    if (meter.current !== null) window.clearInterval(meter.current);
    meter.current = null;
    void audio.current?.close().catch(() => undefined);
    audio.current = null;
    if (video.current) video.current.srcObject = null;
    setLevel(0);
  }, []);

  // Leaving the page (or the component) always releases the camera and the microphone.
  useEffect(() => stop, [stop]);

  const start = async (choice: { cameraId?: string; microphoneId?: string } = {}) => {
    const media = typeof navigator !== 'undefined' ? navigator.mediaDevices : undefined;
    if (!media?.getUserMedia) {
      setProblem('unsupported');
      return;
    }
    stop();
    setStarting(true);
    setProblem(null);
    try {
      const next = await media.getUserMedia({
        video: choice.cameraId ? { deviceId: { exact: choice.cameraId } } : true,
        audio: choice.microphoneId ? { deviceId: { exact: choice.microphoneId } } : true,
      });
      stream.current = next;
      if (video.current) {
        video.current.srcObject = next;
        void video.current.play?.()?.catch(() => undefined);
      }
      const Context = audioContextClass();
      if (Context && next.getAudioTracks().length) {
        const context = new Context();
        const analyser = context.createAnalyser();
        analyser.fftSize = 256;
        // Not connected to the speakers: the level is measured, never played back or kept.
        context.createMediaStreamSource(next).connect(analyser);
        const buffer = new Uint8Array(analyser.fftSize);
        audio.current = context;
        meter.current = window.setInterval(() => setLevel(levelOf(analyser, buffer)), LEVEL_INTERVAL_MS);
      }
      // Device names are only given once access is allowed, so they are read after it.
      const all = await media.enumerateDevices();
      setDevices({
        cameras: all.filter((d) => d.kind === 'videoinput'),
        microphones: all.filter((d) => d.kind === 'audioinput'),
        speakers: all.filter((d) => d.kind === 'audiooutput'),
      });
      const [videoTrack] = next.getVideoTracks();
      const [audioTrack] = next.getAudioTracks();
      setCameraId(videoTrack?.getSettings?.().deviceId ?? choice.cameraId ?? '');
      setMicrophoneId(audioTrack?.getSettings?.().deviceId ?? choice.microphoneId ?? '');
      setRunning(true);
    } catch (error) {
      stop();
      setRunning(false);
      setProblem(problemOf(error));
    } finally {
      setStarting(false);
    }
  };

  const end = () => {
    stop();
    setRunning(false);
  };

  const playTone = async () => {
    const Context = audioContextClass();
    if (!Context) {
      setToneNote(t`This browser cannot play the test sound.`);
      return;
    }
    const context = new Context();
    try {
      const sink = context as AudioContext & { setSinkId?: (id: string) => Promise<void> };
      if (speakerId && sink.setSinkId) await sink.setSinkId(speakerId);
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.frequency.value = 440;
      gain.gain.value = 0.2;
      oscillator.connect(gain).connect(context.destination);
      oscillator.onended = () => void context.close().catch(() => undefined);
      oscillator.start();
      oscillator.stop(context.currentTime + TONE_SECONDS);
      setToneNote(
        t`A short beep is playing. If you did not hear it, turn the volume up or choose other speakers.`,
      );
    } catch {
      void context.close().catch(() => undefined);
      setToneNote(
        t`The test sound could not be played on these speakers. Choose other speakers and try it again.`,
      );
    }
  };

  const label = (d: MediaDeviceInfo, i: number, kind: DeviceKind) => d.label || unnamedDevice(kind, i + 1);
  const help = problem ? HELP[problem] : null;

  return (
    <section className="card precall" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Check your camera and microphone</Trans>
      </h2>
      <p>
        <Trans>
          Make sure the clinician will see and hear you. Nothing is recorded or sent: the picture and sound
          stay on this device.
        </Trans>
      </p>
      {help ? (
        <div className="banner banner-warning" role="alert">
          <p>
            <strong>{i18n._(help.title)}.</strong> {i18n._(help.text)}
          </p>
        </div>
      ) : null}
      <video
        ref={video}
        className="precall-video"
        aria-label={t`Your camera`}
        muted
        playsInline
        autoPlay
        hidden={!isRunning}
      />
      {isRunning ? (
        <>
          <label className="field precall-level">
            <span>
              <Trans>Microphone level (speak to see it move)</Trans>
            </span>
            <meter
              min={0}
              max={100}
              low={10}
              high={90}
              optimum={50}
              value={level}
              aria-valuetext={new Intl.NumberFormat(formatLocale(), { style: 'percent' }).format(level / 100)}
            />
          </label>
          <div className="precall-devices">
            {devices.cameras.length > 0 ? (
              <label className="field">
                <span>
                  <Trans>Camera</Trans>
                </span>
                <select
                  value={cameraId}
                  onChange={(e) => {
                    setCameraId(e.target.value);
                    void start({ cameraId: e.target.value, microphoneId });
                  }}
                >
                  {devices.cameras.map((d, i) => (
                    <option key={d.deviceId || i} value={d.deviceId}>
                      {label(d, i, 'camera')}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {devices.microphones.length > 0 ? (
              <label className="field">
                <span>
                  <Trans>Microphone</Trans>
                </span>
                <select
                  value={microphoneId}
                  onChange={(e) => {
                    setMicrophoneId(e.target.value);
                    void start({ cameraId, microphoneId: e.target.value });
                  }}
                >
                  {devices.microphones.map((d, i) => (
                    <option key={d.deviceId || i} value={d.deviceId}>
                      {label(d, i, 'microphone')}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
            {devices.speakers.length > 0 ? (
              <label className="field">
                <span>
                  <Trans>Speakers</Trans>
                </span>
                <select value={speakerId} onChange={(e) => setSpeakerId(e.target.value)}>
                  {devices.speakers.map((d, i) => (
                    <option key={d.deviceId || i} value={d.deviceId}>
                      {label(d, i, 'speakers')}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
          <div className="precall-actions">
            <Button variant="secondary" onClick={() => void playTone()}>
              <Trans>Play a test sound</Trans>
            </Button>
            <Button variant="secondary" onClick={end}>
              <Trans>Stop the check</Trans>
            </Button>
          </div>
          {toneNote ? <p role="status">{toneNote}</p> : null}
        </>
      ) : (
        <Button
          variant="secondary"
          onClick={() => void start()}
          isBusy={isStarting}
          busyLabel={t`Starting the camera…`}
        >
          {problem ? <Trans>Check again</Trans> : <Trans>Start the check</Trans>}
        </Button>
      )}
    </section>
  );
}
