/**
 * Client-side checks of branding images before upload (spec section 5): size, format and
 * recommended dimensions. The server checks size and format again by content.
 */
export type ImageKind = 'bg' | 'logo' | 'tab';

export const IMAGE_RULES: Record<ImageKind, { maxBytes: number; maxLabel: string; width: number; height: number }> = {
  bg: { maxBytes: 5 * 1024 * 1024, maxLabel: '5M', width: 1920, height: 1080 },
  logo: { maxBytes: 1024 * 1024, maxLabel: '1M', width: 160, height: 160 },
  tab: { maxBytes: 1024 * 1024, maxLabel: '1M', width: 32, height: 32 },
};

export const IMAGE_EXTENSIONS = ['jpg', 'jpeg', 'png', 'bmp', 'ico'] as const;
export const IMAGE_ACCEPT = '.jpg,.jpeg,.png,.bmp,.ico,image/jpeg,image/png,image/bmp,image/x-icon,image/vnd.microsoft.icon';

const MIME_OK = new Set(['image/jpeg', 'image/png', 'image/bmp', 'image/x-ms-bmp', 'image/x-icon', 'image/vnd.microsoft.icon', '']);

export type FileProblem = { key: 'badFormat' } | { key: 'tooLarge'; max: string };

/** Format (by extension and type) and size; null when the file may be uploaded. */
export function checkImageFile(kind: ImageKind, file: { name: string; size: number; type?: string }): FileProblem | null {
  const ext = file.name.includes('.') ? file.name.slice(file.name.lastIndexOf('.') + 1).toLowerCase() : '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext) || !MIME_OK.has((file.type ?? '').toLowerCase())) return { key: 'badFormat' };
  const rule = IMAGE_RULES[kind];
  if (file.size > rule.maxBytes) return { key: 'tooLarge', max: rule.maxLabel };
  return null;
}

/** True when the dimensions differ from the recommended ones (a warning, not a refusal). */
export function dimensionsDiffer(kind: ImageKind, size: { width: number; height: number }): boolean {
  const r = IMAGE_RULES[kind];
  return size.width !== r.width || size.height !== r.height;
}

/** Width and height of an image file, read by the browser; null when it cannot decode it. */
export function readImageSize(file: Blob): Promise<{ width: number; height: number } | null> {
  return new Promise((resolve) => {
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      resolve({ width: img.naturalWidth, height: img.naturalHeight });
      URL.revokeObjectURL(url);
    };
    img.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(url);
    };
    img.src = url;
  });
}
