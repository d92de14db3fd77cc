import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Gs1Pack } from '@medrem/domain';
import { X } from 'lucide-react';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { buttonClass, cardClass } from '../../shared/ui/button.styles';
import { type BarcodeReader, loadBarcodeReader } from './barcode-reader';
import { readPackCodes } from './pack-code.model';
import { useCameraScan } from './use-camera-scan.hook';

export interface PackScannerProps {
  /** The person's date (YYYY-MM-DD): its year decides the century of the code's expiry. */
  today: string;
  /** A pack was read. The scanner stops looking until `message` or `looking` says otherwise. */
  onPack: (pack: Gs1Pack, code: string) => void;
  onClose: () => void;
  /**
   * The caller's refusal of the pack it was handed (e.g. "already added"), shown as the scanner's
   * own. Each new one sets the scanner looking again, past that same code (the camera still sees it).
   */
  refused?: { message: string; code: string } | null;
}

/**
 * The scanner (issue 58, decision 327): the camera when the device has one, a photo otherwise or
 * besides (a desktop's upload). It only turns a picture into a pack's contents; what to do with the
 * pack is its caller's. Loaded with its decoder when opened, never before.
 */
export function PackScanner(props: PackScannerProps) {
  const { t } = useLingui();
  const { today, onPack, onClose, refused } = props;
  const headingId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const video = useRef<HTMLVideoElement>(null);
  const photo = useRef<HTMLInputElement>(null);
  const [reader, setReader] = useState<BarcodeReader | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [looking, setLooking] = useState(true);
  const [readingPhoto, setReadingPhoto] = useState(false);
  const year = Number(today.slice(0, 4));

  useEffect(() => {
    heading.current?.focus();
    loadBarcodeReader().then(setReader, (error: unknown) => {
      console.error('The barcode reader could not be loaded', error);
      setLoadError(translate`The scanner could not be loaded. Check the connection and open it again.`);
    });
  }, []);

  // The caller refused the pack: look again, for another one.
  useEffect(() => {
    if (refused) setLooking(true);
  }, [refused]);

  const take = useCallback(
    (texts: string[]): boolean => {
      const fresh = texts.filter((text) => text !== refused?.code);
      if (fresh.length === 0) return false;
      const reading = readPackCodes(fresh, year);
      if (reading.kind === 'pack') {
        setRefusal(null);
        setLooking(false);
        onPack(reading.pack, reading.code);
        return true;
      }
      if (reading.kind === 'refused') setRefusal(reading.message);
      return false;
    },
    [year, onPack, refused],
  );
  const onFrame = useCallback((texts: string[]) => void take(texts), [take]);
  const camera = useCameraScan(video, reader, looking, onFrame);

  const readPhoto = async (file: File) => {
    if (!reader) return;
    setReadingPhoto(true);
    setRefusal(null);
    try {
      const texts = await reader.read(file);
      if (texts.length === 0)
        setRefusal(
          t`No code was found in this photo. Take it closer, with the code sharp and filling a good part of the picture.`,
        );
      else take(texts);
    } catch (error) {
      console.warn('The photo could not be decoded', error);
      setRefusal(t`This file could not be read as a picture. Choose a photo (JPEG, PNG, WebP).`);
    } finally {
      setReadingPhoto(false);
    }
  };

  const shown = loadError ?? refusal ?? refused?.message;
  return (
    <section className={`${cardClass} flex flex-col gap-3`} aria-labelledby={headingId}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={headingId} ref={heading} tabIndex={-1} className="text-xl font-semibold text-slate-900">
          <Trans>Scan a pack</Trans>
        </h2>
        <button
          type="button"
          className={buttonClass.icon}
          aria-label={t`Close the scanner`}
          onClick={onClose}
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <p className="text-sm text-slate-600">
        <Trans>Point the camera at the square code on the pack (GS1 DataMatrix), or at its barcode.</Trans>
      </p>
      {camera.kind !== 'unavailable' && looking ? (
        <video
          ref={video}
          className="w-full rounded-lg bg-slate-900"
          muted
          playsInline
          aria-label={t`Camera view`}
        />
      ) : null}
      <p role="status" className="text-sm text-slate-700">
        {camera.kind === 'unavailable' && reader && !readingPhoto
          ? camera.message
          : statusText(reader, camera.kind, looking, readingPhoto)}
      </p>
      {shown ? (
        <p role="alert" className="font-medium text-red-700">
          {shown}
        </p>
      ) : null}
      <button
        type="button"
        className={`${buttonClass.secondary} self-start`}
        disabled={!reader || readingPhoto}
        onClick={() => photo.current?.click()}
      >
        <Trans>Choose a photo of the pack</Trans>
      </button>
      {/* Opened by the button above: a file input itself cannot look like one of our buttons. */}
      <input
        ref={photo}
        type="file"
        accept="image/*"
        className="hidden"
        tabIndex={-1}
        aria-hidden="true"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = ''; // the same photo again is a new choice
          if (file) void readPhoto(file);
        }}
      />
    </section>
  );
}

function statusText(
  reader: BarcodeReader | null,
  camera: 'starting' | 'on' | 'unavailable', // 'unavailable': the caller shows the camera's own message
  looking: boolean,
  readingPhoto: boolean,
): string {
  if (!reader) return translate`Starting the scanner...`;
  if (readingPhoto) return translate`Reading the photo...`;
  if (!looking) return translate`Pack read.`;
  if (camera === 'on') return translate`Looking for a code...`;
  return translate`Starting the camera...`;
}
