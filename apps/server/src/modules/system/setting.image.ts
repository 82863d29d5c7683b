/**
 * Image checks by content: the format from the magic bytes (never the file name) and the
 * width and height read from the header bytes, for the formats the branding screen takes.
 */
export type ImageFormat = 'jpg' | 'png' | 'bmp' | 'ico';

export const IMAGE_MIME: Record<ImageFormat, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  bmp: 'image/bmp',
  ico: 'image/x-icon',
};

export function imageFormat(b: Buffer): ImageFormat | null {
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 26 && b[0] === 0x42 && b[1] === 0x4d) return 'bmp';
  if (b.length >= 22 && b.readUInt16LE(0) === 0 && b.readUInt16LE(2) === 1 && b.readUInt16LE(4) > 0) return 'ico';
  return null;
}

export interface Size {
  width: number;
  height: number;
}

function jpegSize(b: Buffer): Size | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    let marker = b[i + 1]!;
    // Fill bytes before a marker.
    while (marker === 0xff && i + 2 < b.length) {
      i++;
      marker = b[i + 1]!;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image, or scan data before any frame header
    const len = b.readUInt16BE(i + 2);
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + len;
  }
  return null;
}

function bmpSize(b: Buffer): Size | null {
  const dib = b.readUInt32LE(14);
  if (dib === 12) return { width: b.readUInt16LE(18), height: b.readUInt16LE(20) };
  if (dib < 40 || b.length < 26) return null;
  return { width: Math.abs(b.readInt32LE(18)), height: Math.abs(b.readInt32LE(22)) };
}

function icoSize(b: Buffer): Size | null {
  const n = b.readUInt16LE(4);
  let best: Size | null = null;
  for (let k = 0; k < n && 6 + 16 * (k + 1) <= b.length; k++) {
    const w = b[6 + 16 * k]! || 256;
    const h = b[7 + 16 * k]! || 256;
    if (!best || w * h > best.width * best.height) best = { width: w, height: h };
  }
  return best;
}

/** Width and height from the header bytes; null when the header is broken. */
export function imageSize(b: Buffer, format: ImageFormat): Size | null {
  let s: Size | null;
  switch (format) {
    case 'png':
      s = b.length >= 24 && b.toString('latin1', 12, 16) === 'IHDR' ? { width: b.readUInt32BE(16), height: b.readUInt32BE(20) } : null;
      break;
    case 'jpg':
      s = jpegSize(b);
      break;
    case 'bmp':
      s = bmpSize(b);
      break;
    case 'ico':
      s = icoSize(b);
      break;
  }
  return s && s.width > 0 && s.height > 0 ? s : null;
}
