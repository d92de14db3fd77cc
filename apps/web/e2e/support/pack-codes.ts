import bwipjs from 'bwip-js/node';
import { writeFileSync } from 'node:fs';

/**
 * A medicine pack's GS1 DataMatrix made in the test run (issue 58): nothing binary is committed.
 * The photo is bwip-js's PNG; the fake camera's video is a YUV4MPEG2 file of the same symbol, drawn
 * here from its module matrix (Chromium's --use-file-for-fake-video-capture plays it in a loop).
 */

/** "(01)09506000134352(17)271231(10)A1(21)S1": the human-readable form bwip-js encodes. */
export function gs1Text(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([ai, value]) => `(${ai})${value}`)
    .join('');
}

/**
 * The symbol as a PNG, as a phone's photo of the pack would hold it. `lint: false` encodes even what
 * GS1 forbids (a wrong check digit, a 13th month): the codes a scanner must refuse.
 */
export function dataMatrixPng(text: string, { lint = true } = {}): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'gs1datamatrix',
    text,
    scale: 8,
    padding: 10,
    backgroundcolor: 'FFFFFF',
    ...(lint ? {} : { dontlint: true }),
  });
}

const WIDTH = 640;
const HEIGHT = 480;
const FRAMES = 4;

/** Writes a 640×480 grey-scale video of the symbol, centred, black modules on a white pack. */
export function writeFakeCameraVideo(text: string, file: string): void {
  const [symbol] = bwipjs.raw('gs1datamatrix', text, {}) as { pixs: number[]; pixx: number; pixy: number }[];
  if (!symbol?.pixs) throw new Error('bwip-js gave no module matrix');
  const module = Math.floor(Math.min(WIDTH, HEIGHT) / 2 / symbol.pixx);
  const left = Math.floor((WIDTH - symbol.pixx * module) / 2);
  const top = Math.floor((HEIGHT - symbol.pixy * module) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235); // white, in video's 16–235 range
  for (let y = 0; y < symbol.pixy * module; y++) {
    for (let x = 0; x < symbol.pixx * module; x++) {
      const dark = symbol.pixs[Math.floor(y / module) * symbol.pixx + Math.floor(x / module)] === 1;
      if (dark) luma[(top + y) * WIDTH + left + x] = 16;
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2) * 2, 128); // no colour
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: FRAMES }, () => frame)]));
}
