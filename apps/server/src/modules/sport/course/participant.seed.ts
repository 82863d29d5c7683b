import zlib from 'node:zlib';
import type { Db } from '../../../platform/db.ts';
import type { Caller } from '../../../platform/http.ts';
import { recordConsent, uploadFaceImage } from './participant.service.ts';

/** A small greyscale PNG (a soft oval on a light ground): the demo's stand-in for a face photo. */
function demoFace(width = 160, height = 200): Buffer {
  const table = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = table[(c ^ x) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const head = Buffer.alloc(13);
  head.writeUInt32BE(width, 0);
  head.writeUInt32BE(height, 4);
  head[8] = 8;
  head[9] = 0;
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    raw[y * (width + 1)] = 0;
    for (let x = 0; x < width; x++) {
      const dx = (x - width / 2) / (width * 0.32);
      const dy = (y - height * 0.45) / (height * 0.34);
      raw[y * (width + 1) + 1 + x] = dx * dx + dy * dy < 1 ? 150 : 225;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', head),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * The demo centre's face image consents (`SEED_DEMO=1`, from `seedCourseDemo`): the first participant
 * consented and has a face image (face check-in available), the second consented without an image yet;
 * the others have none, so the participants screen shows every state.
 */
export async function seedParticipantDemo(db: Db, caller: Caller, dataDir: string | undefined, memberIds: number[]): Promise<void> {
  const [a, b] = memberIds;
  if (!a || !dataDir) return;
  await recordConsent(db, caller, a, { statementVersion: '2026-01' });
  await uploadFaceImage(db, caller, dataDir, a, { data: demoFace(), truncated: false });
  if (b) await recordConsent(db, caller, b, { statementVersion: '2026-01' });
}
