import { useEffect, useState } from 'react';
import { Image, theme } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';

/**
 * An object url of an image fetched with the session (`load`, cached under `queryKey`), revoked
 * when it changes or the caller unmounts; null while loading, when `enabled` is false, or when the
 * answer is an error envelope rather than an image.
 */
export function useSessionImage(queryKey: readonly unknown[], load: () => Promise<Blob>, enabled = true): string | null {
  const q = useQuery({ queryKey: ['kit', 'blob', ...queryKey], queryFn: load, enabled, retry: false, staleTime: 300_000 });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!q.data || /json/.test(q.data.type)) {
      setSrc(null);
      return;
    }
    const u = URL.createObjectURL(q.data);
    setSrc(u);
    return () => URL.revokeObjectURL(u);
  }, [q.data]);
  return src;
}

/** An image fetched with the session (served to signed-in staff only), shown from an object url with antd's preview. */
export function BlobImage({
  queryKey,
  load,
  size = 96,
  alt,
  testId,
}: {
  queryKey: readonly unknown[];
  load: () => Promise<Blob>;
  size?: number;
  alt: string;
  testId?: string;
}) {
  const { token } = theme.useToken();
  const src = useSessionImage(queryKey, load);
  return (
    <div
      style={{
        width: size,
        height: size,
        borderRadius: token.borderRadius,
        border: `1px solid ${token.colorBorderSecondary}`,
        overflow: 'hidden',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: token.colorFillQuaternary,
      }}
      data-testid={testId}
    >
      {src ? (
        <Image src={src} alt={alt} width={size} height={size} style={{ objectFit: 'cover' }} data-testid={testId ? `${testId}-img` : undefined} />
      ) : (
        <PictureOutlined style={{ fontSize: 20, color: token.colorTextQuaternary }} />
      )}
    </div>
  );
}
