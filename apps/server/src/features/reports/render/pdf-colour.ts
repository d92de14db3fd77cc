import type { RGB } from 'pdf-lib';

/**
 * A colour for pdf-lib, the object its own `rgb` makes. Here so that the report's modules hold no
 * value of pdf-lib when the server starts: the library itself is imported with the first report
 * (decision 337); only its types are imported statically.
 */
export const rgb = (red: number, green: number, blue: number): RGB =>
  ({ type: 'RGB', red, green, blue }) as unknown as RGB;
