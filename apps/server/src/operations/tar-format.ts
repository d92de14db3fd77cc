import { damaged } from './operation-error';

/**
 * The few lines of POSIX ustar a backup needs: regular files with short names, so that `tar -tzf`
 * can list a backup and no archive package is added for it.
 */
const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1; // what the 11 octal digits of the size field hold (8 GiB)

export interface TarEntry {
  name: string;
  data: Uint8Array;
}

const octal = (value: number, width: number) => `${value.toString(8).padStart(width - 1, '0')}\0`;

function header(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 99) throw new Error(`tar entry name too long: ${name}`);
  if (size > MAX_SIZE) throw new Error(`tar entry ${name} is larger than 8 GiB`);
  const h = Buffer.alloc(BLOCK);
  h.write(name, 0, 'utf8');
  h.write(octal(0o600, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\u000000', 257, 'ascii');
  h.write(`${checksumOf(h).toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

/** The header's checksum: the sum of its bytes with the checksum field read as spaces. */
function checksumOf(h: Uint8Array): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i += 1) sum += i >= 148 && i < 156 ? 0x20 : h[i]!;
  return sum;
}

export function packTar(entries: TarEntry[], mtime: Date): Buffer {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    parts.push(header(entry.name, entry.data.length, mtime), entry.data);
    const padding = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
    parts.push(Buffer.alloc(padding));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

const field = (h: Buffer, offset: number, length: number) =>
  h
    .subarray(offset, offset + length)
    .toString('utf8')
    .replace(/\0.*$/s, '')
    .trim();

/** Every entry of a tar written by packTar; a damaged header or a cut-off entry is refused. */
export function unpackTar(tar: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  for (let offset = 0; offset + BLOCK <= tar.length;) {
    const h = tar.subarray(offset, offset + BLOCK);
    if (h.every((byte) => byte === 0)) return entries;
    const size = Number.parseInt(field(h, 124, 12), 8);
    if (Number.parseInt(field(h, 148, 8), 8) !== checksumOf(h) || !Number.isSafeInteger(size)) {
      throw damaged('The backup file is damaged (an archive header does not match its checksum).');
    }
    const start = offset + BLOCK;
    if (start + size > tar.length) throw damaged('The backup file is truncated (an entry is cut off).');
    entries.push({ name: field(h, 0, 100), data: tar.subarray(start, start + size) });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw damaged('The backup file is truncated (the archive has no end).');
}
