import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

export interface Keys {
  signKey: string;
  publicKeyPem: string;
  privateKey: crypto.KeyObject;
  /** AES-256 key of secrets at rest (sealSecret / openSecret). */
  secretKey: Buffer;
}

/**
 * The request-sign key and the body-encryption key pair live in DATA_DIR: made on first
 * start, reused afterwards, so every process sharing the data dir (and every browser that
 * fetched config.json) agrees. SIGN_KEY, when set, wins over the stored sign key.
 */
export function loadKeys(dataDir: string, signKeyOverride?: string, secretKeyOverride?: string): Keys {
  const dir = path.join(dataDir, 'keys');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  const signFile = path.join(dir, 'sign.key');
  const privFile = path.join(dir, 'body-private.pem');
  const pubFile = path.join(dir, 'body-public.pem');
  if (!fs.existsSync(signFile)) fs.writeFileSync(signFile, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  const secretFile = path.join(dir, 'secret.key');
  if (!secretKeyOverride && !fs.existsSync(secretFile)) fs.writeFileSync(secretFile, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
  if (!fs.existsSync(privFile) || !fs.existsSync(pubFile)) {
    const { publicKey, privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
    fs.writeFileSync(privFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    fs.writeFileSync(pubFile, publicKey.export({ type: 'spki', format: 'pem' }));
  }
  return {
    signKey: signKeyOverride ?? fs.readFileSync(signFile, 'utf8').trim(),
    publicKeyPem: fs.readFileSync(pubFile, 'utf8'),
    privateKey: crypto.createPrivateKey(fs.readFileSync(privFile)),
    secretKey: Buffer.from(secretKeyOverride ?? fs.readFileSync(secretFile, 'utf8').trim(), 'hex'),
  };
}

/**
 * First start: makes the body-encryption key pair on the thread pool, so that `loadKeys` finds it
 * instead of making it on the event loop (main.ts runs this while the database opens).
 */
export async function prepareKeys(dataDir: string): Promise<void> {
  const dir = path.join(dataDir, 'keys');
  const privFile = path.join(dir, 'body-private.pem');
  const pubFile = path.join(dir, 'body-public.pem');
  if (fs.existsSync(privFile) && fs.existsSync(pubFile)) return;
  const { publicKey, privateKey } = await promisify(crypto.generateKeyPair)('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  if (fs.existsSync(privFile) && fs.existsSync(pubFile)) return;
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.writeFileSync(privFile, privateKey, { mode: 0o600 });
  fs.writeFileSync(pubFile, publicKey);
}

/** A secret sealed for storage: `v1.` + base64(iv ‖ ciphertext ‖ tag), AES-256-GCM. */
export function sealSecret(key: Buffer, plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1.${Buffer.concat([iv, data, cipher.getAuthTag()]).toString('base64')}`;
}

/** Opens a sealed secret; throws when the key is wrong or the text was altered. */
export function openSecret(key: Buffer, sealed: string): string {
  if (!sealed.startsWith('v1.')) throw new Error('unknown secret format');
  const buf = Buffer.from(sealed.slice(3), 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', key, buf.subarray(0, 12));
  decipher.setAuthTag(buf.subarray(buf.length - 16));
  return Buffer.concat([decipher.update(buf.subarray(12, buf.length - 16)), decipher.final()]).toString('utf8');
}

/** Sign = hex HMAC-SHA256 over `timestamp + "\n" + (GET/DELETE ? path-with-query : raw body)`. */
export function computeSign(key: string, timestamp: string, method: string, pathWithQuery: string, rawBody: string): string {
  const subject = method === 'GET' || method === 'DELETE' || method === 'HEAD' ? pathWithQuery : rawBody;
  return crypto.createHmac('sha256', key).update(`${timestamp}\n${subject}`).digest('hex');
}

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && crypto.timingSafeEqual(ab, bb);
}

/**
 * Encrypted bodies travel as `{payload}` where payload is
 * `base64(RSA-OAEP-256(aesKey)) + "." + base64(iv) + "." + base64(ciphertext || tag)` (AES-256-GCM).
 */
export function decryptPayload(privateKey: crypto.KeyObject, payload: string): string {
  const [k, iv, data] = payload.split('.');
  if (!k || !iv || !data) throw new Error('bad payload');
  const aesKey = crypto.privateDecrypt({ key: privateKey, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(k, 'base64'));
  const buf = Buffer.from(data, 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(buf.subarray(buf.length - 16));
  return Buffer.concat([decipher.update(buf.subarray(0, buf.length - 16)), decipher.final()]).toString('utf8');
}

/** The browser's side of the scheme, used by tests and third-party clients written in Node. */
export function encryptPayload(publicKeyPem: string, plain: string): string {
  const aesKey = crypto.randomBytes(32);
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', aesKey, iv);
  const ct = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final(), cipher.getAuthTag()]);
  const wrapped = crypto.publicEncrypt({ key: publicKeyPem, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, aesKey);
  return `${wrapped.toString('base64')}.${iv.toString('base64')}.${ct.toString('base64')}`;
}

export const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');
export const randomToken = (bytes = 32) => crypto.randomBytes(bytes).toString('base64url');
