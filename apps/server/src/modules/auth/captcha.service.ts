import crypto from 'node:crypto';
import { eq, lt } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { randomToken, sha256 } from '../../platform/keys.ts';
import { captchas } from './auth.table.ts';

const TTL_MS = 5 * 60_000;
const WIDTH = 120;
const HEIGHT = 40;
export const CAPTCHA_BACKGROUND = '#f3f6fb';
/** Text must reach this contrast with the background: WCAG AA (4.5:1) with room for JPEG's blur. */
export const CAPTCHA_TEXT_CONTRAST = 5.5;

type Rgb = [number, number, number];

const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
const rgbOf = (h: string): Rgb => [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16)) as Rgb;

/** WCAG relative luminance and contrast ratio. */
function luminance([r, g, b]: Rgb): number {
  const f = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
}
export function contrastRatio(a: string, b: string): number {
  const [x, y] = [luminance(rgbOf(a)), luminance(rgbOf(b))].sort((m, n) => n - m) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}

/** A random hue, dark enough to reach `min` contrast with the background (each character its own). */
export function readableColor(min = CAPTCHA_TEXT_CONTRAST, bg = CAPTCHA_BACKGROUND): string {
  const h = crypto.randomInt(0, 360);
  const s = 0.55 + crypto.randomInt(0, 30) / 100;
  for (let l = 0.5; l > 0; l -= 0.02) {
    const c = hex(hsl(h, s, l));
    if (contrastRatio(c, bg) >= min) return c;
  }
  return '#1f2937';
}

/** A pale decoy colour for noise (contrast below 2:1: it does not compete with the text). */
function noiseColor(bg = CAPTCHA_BACKGROUND): string {
  const h = crypto.randomInt(0, 360);
  for (let l = 0.85; l > 0; l -= 0.02) {
    const c = hex(hsl(h, 0.5, l));
    if (contrastRatio(c, bg) >= 1.4) return c;
  }
  return '#c8d0dc';
}

/**
 * The picture of an image code (issue 9): readable — every character in its own colour with at
 * least 5.5:1 contrast against the background (WCAG AA's 4.5:1 with room for JPEG), drawn above
 * the noise — and still hard for machines: the distorted glyph outlines of svg-captcha's font,
 * each character turned by its own random angle and shifted up or down, random hues, decoy
 * curves behind, and one thin dark curve through the characters that breaks them apart.
 */
export function captchaSvg(svgCaptcha: { create(o: object): { text: string; data: string } }): { text: string; svg: string } {
  const c = svgCaptcha.create({ size: 4, noise: 0, width: WIDTH, height: HEIGHT, fontSize: 44, background: CAPTCHA_BACKGROUND, ignoreChars: '0oO1ilI' });
  const glyphs = [...c.data.matchAll(/<path fill="[^"]*" d="([^"]*)"\/>/g)].map((m) => m[1]!);
  const turned = glyphs.map((d) => {
    const m = /^M\s*([-\d.]+)[\s,]+([-\d.]+)/.exec(d);
    const [x, y] = m ? [Number(m[1]), Number(m[2])] : [0, 0];
    const angle = crypto.randomInt(-22, 23);
    const dy = crypto.randomInt(-3, 4);
    return `<path fill="${readableColor()}" transform="translate(0 ${dy}) rotate(${angle} ${x} ${y})" d="${d}"/>`;
  });
  const curve = (color: string, widthPx: number) => {
    const y = () => crypto.randomInt(6, HEIGHT - 6);
    return `<path d="M2 ${y()} C${crypto.randomInt(30, 50)} ${y()},${crypto.randomInt(70, 90)} ${y()},${WIDTH - 2} ${y()}" stroke="${color}" stroke-width="${widthPx}" fill="none"/>`;
  };
  const decoys = Array.from({ length: 4 }, () => curve(noiseColor(), 2));
  const through = curve(readableColor(3), 1);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0,0,${WIDTH},${HEIGHT}"><rect width="100%" height="100%" fill="${CAPTCHA_BACKGROUND}"/>${decoys.join('')}${turned.join('')}${through}</svg>`;
  return { text: c.text, svg };
}

/** Draws a four-character image code as JPEG and stores its answer (hashed) for five minutes. */
export async function newCaptcha(db: Executor, loginName?: string): Promise<{ id: string; jpeg: Buffer; answer: string }> {
  // Loaded on first use: the canvas binding is heavy and most starts never draw a captcha.
  const [{ default: svgCaptcha }, { createCanvas, loadImage }] = await Promise.all([import('svg-captcha'), import('@napi-rs/canvas')]);
  const c = captchaSvg(svgCaptcha);
  const canvas = createCanvas(WIDTH, HEIGHT);
  canvas.getContext('2d').drawImage(await loadImage(Buffer.from(c.svg)), 0, 0);
  const jpeg = await canvas.encode('jpeg', 90);
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
