/**
 * Turns a picture (a camera frame or a photo) into the texts of the codes on it (decision 327).
 * The browser's Barcode Detection API when it reads DataMatrix (Android, ChromeOS, macOS); otherwise
 * the `barcode-detector` ponyfill (ZXing-C++ as WebAssembly). Both are fetched only here, when the
 * scanner opens: this module is never part of the first load or of the offline start.
 */

/** What a medicine pack carries: the GS1 DataMatrix, a GS1 QR (Digital Link), EAN/UPC, GS1-128. */
const PACK_FORMATS = ['data_matrix', 'qr_code', 'ean_13', 'upc_a', 'ean_8', 'code_128'] as const;

export type PictureSource = ImageBitmap | HTMLVideoElement | HTMLCanvasElement | Blob;

export interface BarcodeReader {
  /** 'native' or 'polyfill': which one decodes (shown to nobody; tests and logs read it). */
  kind: 'native' | 'polyfill';
  /** The decoded texts, best first; none when no code is in the picture. */
  read(source: PictureSource): Promise<string[]>;
}

interface DetectorLike {
  detect(source: PictureSource): Promise<{ rawValue: string }[]>;
}
interface DetectorClass {
  new (options: { formats: string[] }): DetectorLike;
  getSupportedFormats(): Promise<readonly string[]>;
}

let loading: Promise<BarcodeReader> | undefined;

/** One reader per page: the WebAssembly module is compiled once however often the scanner opens. */
export function loadBarcodeReader(): Promise<BarcodeReader> {
  loading ??= makeReader().catch((error: unknown) => {
    loading = undefined; // offline when first asked: the next opening tries again
    throw error;
  });
  return loading;
}

async function makeReader(): Promise<BarcodeReader> {
  const native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (native && (await nativeReadsDataMatrix(native))) {
    return readerOf('native', new native({ formats: [...PACK_FORMATS] }));
  }
  const [{ BarcodeDetector, prepareZXingModule }, { default: wasmUrl }] = await Promise.all([
    import('barcode-detector/ponyfill'),
    // Served from our own origin (the strict CSP allows no CDN); never precached (vite.config.ts).
    import('zxing-wasm/reader/zxing_reader.wasm?url'),
  ]);
  prepareZXingModule({
    overrides: {
      locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
    },
  });
  return readerOf('polyfill', new BarcodeDetector({ formats: [...PACK_FORMATS] }));
}

async function nativeReadsDataMatrix(native: DetectorClass): Promise<boolean> {
  try {
    return (await native.getSupportedFormats()).includes('data_matrix');
  } catch {
    return false;
  }
}

function readerOf(kind: BarcodeReader['kind'], detector: DetectorLike): BarcodeReader {
  return {
    kind,
    read: async (source) => {
      // The ponyfill takes a Blob; the native detector wants a bitmap of it.
      const picture = kind === 'native' && source instanceof Blob ? await createImageBitmap(source) : source;
      const found = await detector.detect(picture);
      return found.map((code) => code.rawValue).filter((text) => text.length > 0);
    },
  };
}
