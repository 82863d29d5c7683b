import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { randomToken, sha256 } from '../../platform/keys.ts';
import { captchas } from './auth.table.ts';

const TTL_MS = 5 * 60_000;
const WIDTH = 120;
const HEIGHT = 40;

/** Draws a four-character image code as JPEG and stores its answer (hashed) for five minutes. */
export async function newCaptcha(db: Executor, loginName?: string): Promise<{ id: string; jpeg: Buffer; answer: string }> {
  // Loaded on first use: the canvas binding is heavy and most starts never draw a captcha.
  const [{ default: svgCaptcha }, { createCanvas, loadImage }] = await Promise.all([import('svg-captcha'), import('@napi-rs/canvas')]);
  const c = svgCaptcha.create({ size: 4, noise: 3, width: WIDTH, height: HEIGHT, background: '#f3f6fb', ignoreChars: '0oO1ilI' });
  const canvas = createCanvas(WIDTH, HEIGHT);
  canvas.getContext('2d').drawImage(await loadImage(Buffer.from(c.data)), 0, 0);
  const jpeg = await canvas.encode('jpeg', 85);
  const id = randomToken(18);
  await db.delete(captchas).where(lt(captchas.expiresAt, new Date()));
  await db.insert(captchas).values({
    id,
    answerHash: sha256(c.text.toLowerCase()),
    loginName: loginName?.trim().toLowerCase() || null,
    expiresAt: new Date(Date.now() + TTL_MS),
  });
  return { id, jpeg, answer: c.text };
}

/** Checks and consumes an image code: right or wrong, one try per image. */
export async function checkCaptcha(db: Executor, id: string | undefined, answer: string | undefined, loginName: string): Promise<boolean> {
  if (!id || !answer) return false;
  const [row] = await db.delete(captchas).where(eq(captchas.id, id)).returning();
  if (!row || row.expiresAt.getTime() < Date.now()) return false;
  if (row.loginName && row.loginName !== loginName.trim().toLowerCase()) return false;
  return row.answerHash === sha256(answer.trim().toLowerCase());
}
