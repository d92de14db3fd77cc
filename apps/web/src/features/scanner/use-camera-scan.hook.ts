import { t } from '@lingui/core/macro';
import { type RefObject, useEffect, useState } from 'react';
import type { BarcodeReader } from './barcode-reader';

/** How often a camera frame is decoded: often enough to feel immediate, rare enough for a phone. */
const FRAME_EVERY_MS = 250;
/**
 * The pause after a decode, as a multiple of the time it took: the WebAssembly decoder runs on the
 * main thread (decision 327), so a slow device's page (and a screen reader or axe reading it) keeps
 * at least three quarters of the time (decision 345).
 */
const IDLE_PER_BUSY = 3;

export type CameraState = { kind: 'starting' } | { kind: 'on' } | { kind: 'unavailable'; message: string };

/**
 * The back camera into `video`, each frame's codes handed to `onCodes` until `active` turns false.
 * The camera is released when the scanner closes or stops looking (a lit camera light after a scan
 * would alarm anyone).
 */
export function useCameraScan(
  video: RefObject<HTMLVideoElement | null>,
  reader: BarcodeReader | null,
  active: boolean,
  onCodes: (texts: string[]) => void,
): CameraState {
  const [state, setState] = useState<CameraState>({ kind: 'starting' });
  useEffect(() => {
    if (!reader || !active) return;
    let stream: MediaStream | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let shown: HTMLVideoElement | undefined;
    const look = async () => {
      const element = video.current;
      if (stopped || !element) return;
      const started = performance.now();
      // HAVE_CURRENT_DATA: a frame to decode.
      if (element.readyState >= 2) {
        try {
          const texts = await reader.read(element);
          if (!stopped && texts.length > 0) onCodes(texts);
        } catch (error) {
          console.warn('A camera frame could not be decoded', error);
        }
      }
      const busy = performance.now() - started;
      if (!stopped) timer = setTimeout(() => void look(), Math.max(FRAME_EVERY_MS, busy * IDLE_PER_BUSY));
    };
    const start = async () => {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState({ kind: 'unavailable', message: noCamera() });
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (error) {
        if (!stopped) setState({ kind: 'unavailable', message: cameraRefusal(error) });
        return;
      }
      const element = video.current;
      if (stopped || !element) return stream.getTracks().forEach((track) => track.stop());
      shown = element;
      element.srcObject = stream;
      await element.play().catch(() => undefined); // muted and inline: plays without a gesture
      setState({ kind: 'on' });
      void look();
    };
    void start();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      if (shown) shown.srcObject = null;
    };
  }, [video, reader, active, onCodes]);
  return state;
}

const noCamera = () => t`This browser offers no camera here. Choose a photo of the pack instead.`;

function cameraRefusal(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  if (name === 'NotAllowedError')
    return t`The camera is not allowed for this site. Allow it in the browser, or choose a photo of the pack.`;
  if (name === 'NotFoundError' || name === 'OverconstrainedError')
    return t`No camera was found. Choose a photo of the pack instead.`;
  return t`The camera could not be started (another app may be using it). Choose a photo of the pack instead.`;
}
