/**
 * Signing and body encryption for the request layer.
 * HMAC-SHA256 uses WebCrypto (crypto.subtle). Browsers hide crypto.subtle on plain-http
 * origins other than localhost (a venue LAN address, for example); the signature then
 * falls back to the small SHA-256 below so the console keeps working there.
 */

const enc = new TextEncoder();

function subtle(): SubtleCrypto | null {
  const c = (globalThis as { crypto?: Crypto }).crypto;
  return c && c.subtle ? c.subtle : null;
}

export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

export function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

// ---- SHA-256 / HMAC fallback (FIPS 180-4) ----
const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74,
  0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d,
  0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e,
  0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5,
  0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

export function sha256(data: Uint8Array): Uint8Array {
  const h = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const bitLen = data.length * 8;
  const padded = new Uint8Array(((data.length + 9 + 63) >> 6) << 6);
  padded.set(data);
  padded[data.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bitLen / 0x100000000));
  view.setUint32(padded.length - 4, bitLen >>> 0);
  const w = new Uint32Array(64);
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) w[i] = view.getUint32(off + i * 4);
    for (let i = 16; i < 64; i++) {
      const a = w[i - 15]!,
        b = w[i - 2]!;
      const s0 = ((a >>> 7) | (a << 25)) ^ ((a >>> 18) | (a << 14)) ^ (a >>> 3);
      const s1 = ((b >>> 17) | (b << 15)) ^ ((b >>> 19) | (b << 13)) ^ (b >>> 10);
      w[i] = (w[i - 16]! + s0 + w[i - 7]! + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = [h[0]!, h[1]!, h[2]!, h[3]!, h[4]!, h[5]!, h[6]!, h[7]!];
    for (let i = 0; i < 64; i++) {
      const S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
      const ch = (e & f) ^ (~e & g);
      const t1 = (hh + S1 + ch + K[i]! + w[i]!) >>> 0;
      const S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
      const maj = (a & b) ^ (a & c) ^ (b & c);
      const t2 = (S0 + maj) >>> 0;
      hh = g;
      g = f;
      f = e;
      e = (d + t1) >>> 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) >>> 0;
    }
    h[0] = (h[0]! + a) >>> 0;
    h[1] = (h[1]! + b) >>> 0;
    h[2] = (h[2]! + c) >>> 0;
    h[3] = (h[3]! + d) >>> 0;
    h[4] = (h[4]! + e) >>> 0;
    h[5] = (h[5]! + f) >>> 0;
    h[6] = (h[6]! + g) >>> 0;
    h[7] = (h[7]! + hh) >>> 0;
  }
  const out = new Uint8Array(32);
  const ov = new DataView(out.buffer);
  for (let i = 0; i < 8; i++) ov.setUint32(i * 4, h[i]!);
  return out;
}

export function hmacSha256Fallback(key: Uint8Array, data: Uint8Array): Uint8Array {
  let k = key.length > 64 ? sha256(key) : key;
  const block = new Uint8Array(64);
  block.set(k);
  k = block;
  const ipad = k.map((b) => b ^ 0x36);
  const opad = k.map((b) => b ^ 0x5c);
  return sha256(concat(opad, sha256(concat(ipad, data))));
}

/** Hex HMAC-SHA256 of data (string or bytes) under key. */
export async function hmacSha256Hex(key: string, data: string | Uint8Array): Promise<string> {
  const keyBytes = enc.encode(key);
  const bytes = typeof data === 'string' ? enc.encode(data) : data;
  const s = subtle();
  if (s) {
    const k = await s.importKey('raw', keyBytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    return toHex(new Uint8Array(await s.sign('HMAC', k, bytes as BufferSource)));
  }
  return toHex(hmacSha256Fallback(keyBytes, bytes));
}

/**
 * The Sign header: hex HMAC-SHA256 over `timestamp + "\n" + payload`, where payload is
 * the path with query for GET/DELETE and the exact body sent otherwise ('' when none).
 */
export async function computeSign(
  signKey: string,
  timestamp: string,
  method: string,
  pathWithQuery: string,
  body: string | Uint8Array | null,
): Promise<string> {
  const m = method.toUpperCase();
  if (m === 'GET' || m === 'DELETE' || m === 'HEAD') return hmacSha256Hex(signKey, `${timestamp}\n${pathWithQuery}`);
  if (body instanceof Uint8Array) return hmacSha256Hex(signKey, concat(enc.encode(`${timestamp}\n`), body));
  return hmacSha256Hex(signKey, `${timestamp}\n${body ?? ''}`);
}

function pemToDer(pem: string): Uint8Array {
  const b64 = pem.replace(/-----(BEGIN|END)[^-]+-----/g, '').replace(/\s+/g, '');
  const bin = atob(b64);
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

const binary = (bytes: Uint8Array) => {
  let out = '';
  for (const b of bytes) out += String.fromCharCode(b);
  return out;
};
const bytesOf = (bin: string) => Uint8Array.from(bin, (c) => c.charCodeAt(0));

/**
 * The same encryption without WebCrypto, which browsers hide on plain-http origins other than
 * localhost (a venue's LAN address): node-forge's RSA-OAEP (SHA-256, MGF1-SHA-256) and AES-GCM,
 * loaded only then. Keys and IVs still come from crypto.getRandomValues, which every origin has.
 */
export async function encryptPayloadWithForge(plain: string, publicKeyPem: string): Promise<string> {
  const { default: forge } = await import('node-forge');
  const rsa = forge.pki.publicKeyFromPem(publicKeyPem);
  const rawKey = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const cipher = forge.cipher.createCipher('AES-GCM', binary(rawKey));
  cipher.start({ iv: binary(iv), tagLength: 128 });
  cipher.update(forge.util.createBuffer(enc.encode(plain)));
  if (!cipher.finish()) throw new Error('encryption failed');
  const ct = bytesOf(cipher.output.getBytes() + (cipher.mode as unknown as { tag: { getBytes(): string } }).tag.getBytes());
  const wrapped = bytesOf(rsa.encrypt(binary(rawKey), 'RSA-OAEP', { md: forge.md.sha256.create(), mgf1: { md: forge.md.sha256.create() } }));
  return `${toBase64(wrapped)}.${toBase64(iv)}.${toBase64(ct)}`;
}

/** Whether this origin encrypts with the browser's own WebCrypto (else the node-forge fallback). */
export function hasWebCrypto(): boolean {
  return subtle() !== null;
}

/**
 * Encrypts a JSON body for the server: a fresh AES-256-GCM key encrypts the text, the
 * server's RSA public key (spki PEM, RSA-OAEP with SHA-256) wraps the AES key.
 * Result: "<b64(wrapped key)>.<b64(iv)>.<b64(ciphertext||tag)>". Without WebCrypto (plain http on
 * a LAN address) node-forge does the same.
 */
export async function encryptPayload(plain: string, publicKeyPem: string): Promise<string> {
  const s = subtle();
  if (!s) return encryptPayloadWithForge(plain, publicKeyPem);
  const rsa = await s.importKey('spki', pemToDer(publicKeyPem) as BufferSource, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const rawKey = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const aes = await s.importKey('raw', rawKey, { name: 'AES-GCM' }, false, ['encrypt']);
  const ct = new Uint8Array(await s.encrypt({ name: 'AES-GCM', iv, tagLength: 128 }, aes, enc.encode(plain)));
  const wrapped = new Uint8Array(await s.encrypt({ name: 'RSA-OAEP' }, rsa, rawKey));
  return `${toBase64(wrapped)}.${toBase64(iv)}.${toBase64(ct)}`;
}
