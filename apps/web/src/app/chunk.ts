/** Chunk-load failures of lazy screens (spec 8): pure helpers, unit-tested. */

export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkErrorType = 'timeout' | 'missing' | 'error';

export class ChunkLoadError extends Error {
  constructor(
    readonly chunk: string,
    readonly type: ChunkErrorType,
    readonly css: boolean,
    readonly request: string | null,
    cause?: unknown,
  ) {
    super(css ? `Loading CSS chunk ${chunk} failed.\n(${request ?? ''})` : `Loading chunk ${chunk} failed.\n(${type}${request ? `: ${request}` : ''})`);
    this.name = css ? 'CssChunkLoadError' : 'ChunkLoadError';
    if (cause !== undefined) (this as { cause?: unknown }).cause = cause;
  }

  /** webpack-compatible code for CSS failures. */
  get code(): string | undefined {
    return this.css ? 'CSS_CHUNK_LOAD_FAILED' : undefined;
  }
}

export class ChunkTimeout extends Error {
  constructor() {
    super('chunk load timed out');
    this.name = 'ChunkTimeout';
  }
}

/** Races a promise against a timer. */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkTimeout()), ms);
    p.then(
      (v) => {
        clearTimeout(timer);
        resolve(v);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
}

/** Turns whatever a dynamic import threw into a ChunkLoadError. */
export function toChunkError(chunk: string, e: unknown): ChunkLoadError {
  if (e instanceof ChunkLoadError) return e;
  if (e instanceof ChunkTimeout) return new ChunkLoadError(chunk, 'timeout', false, null, e);
  const msg = e instanceof Error ? e.message : String(e);
  // Vite's preload helper: "Unable to preload CSS for /assets/x.css".
  const css = /Unable to preload CSS for (\S+)/i.exec(msg);
  if (css) return new ChunkLoadError(chunk, 'error', true, css[1]!, e);
  // Chrome, Firefox, Safari wordings of a failed dynamic import.
  const js = /(?:Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed)[:\s]*(\S+)?/i.exec(
    msg,
  );
  return new ChunkLoadError(chunk, 'error', false, js?.[1] ?? null, e);
}

/** Loads a screen module: 120 s time-out, a module without default export is 'missing'. */
export function loadChunk<M extends { default: unknown }>(chunk: string, importer: () => Promise<M>, ms = CHUNK_TIMEOUT_MS): Promise<M> {
  let started: Promise<M>;
  try {
    started = importer();
  } catch (e) {
    return Promise.reject(toChunkError(chunk, e));
  }
  return withTimeout(started, ms).then(
    (m) => {
      if (!m || m.default === undefined) throw new ChunkLoadError(chunk, 'missing', false, null);
      return m;
    },
    (e: unknown) => {
      throw toChunkError(chunk, e);
    },
  );
}
