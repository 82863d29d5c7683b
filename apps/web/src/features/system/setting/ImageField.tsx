import { useState } from 'react';
import { Button, Flex, Image, Space, Typography, Upload, theme } from 'antd';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { checkImageFile, dimensionsDiffer, IMAGE_ACCEPT, IMAGE_RULES, readImageSize, type ImageKind } from './imageRules.ts';
import { uploadImage } from './setting.api.ts';

/** Console-only: the field's props. */
interface Props {
  kind: ImageKind;
  value?: string;
  onChange?: (v: string) => void;
  disabled?: boolean;
  testId: string;
}

type Note = { type: 'danger' | 'warning'; text: string } | null;

/**
 * One branding image: thumbnail, upload (checked here for format, size and recommended
 * dimensions before it is sent; the server checks again) and remove.
 */
export function ImageField({ kind, value, onChange, disabled, testId }: Props) {
  const { t } = useTranslation('setting');
  const { token } = theme.useToken();
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<Note>(null);
  const rule = IMAGE_RULES[kind];
  const boxW = kind === 'bg' ? 192 : 80;
  const boxH = kind === 'bg' ? 108 : 80;

  const pick = async (file: File) => {
    setNote(null);
    const problem = checkImageFile(kind, file);
    if (problem) {
      setNote({ type: 'danger', text: problem.key === 'tooLarge' ? t('tooLarge', { max: problem.max }) : t('badFormat') });
      return;
    }
    const size = await readImageSize(file);
    if (!size) {
      setNote({ type: 'danger', text: t('badImage') });
      return;
    }
    if (dimensionsDiffer(kind, size)) {
      setNote({ type: 'warning', text: t('dimension', { expected: `${rule.width}×${rule.height}`, actual: `${size.width}×${size.height}` }) });
    }
    setBusy(true);
    try {
      const stored = await uploadImage(kind, file);
      onChange?.(stored.url);
    } catch {
      /* the request layer showed why */
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex gap={16} align="flex-start" data-testid={testId}>
      <div
        style={{
          width: boxW,
          height: boxH,
          flex: 'none',
          borderRadius: token.borderRadius,
          border: `1px dashed ${token.colorBorder}`,
          background: token.colorFillQuaternary,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          overflow: 'hidden',
        }}
      >
        {value ? (
          <Image src={value} alt="" width={boxW} height={boxH} style={{ objectFit: kind === 'bg' ? 'cover' : 'contain' }} data-testid={`${testId}-img`} />
        ) : (
          <Flex vertical align="center" gap={4} style={{ color: token.colorTextQuaternary, fontSize: 12 }}>
            <PictureOutlined style={{ fontSize: 20 }} />
            {t('noImage')}
          </Flex>
        )}
      </div>
      <Flex vertical gap={6} style={{ minWidth: 0 }}>
        <Space wrap>
          <Upload
            accept={IMAGE_ACCEPT}
            showUploadList={false}
            disabled={disabled || busy}
            beforeUpload={(file) => {
              void pick(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} disabled={disabled} data-testid={`${testId}-upload`}>
              {busy ? t('uploading') : value ? t('replace') : t('upload')}
            </Button>
          </Upload>
          {value ? (
            <Button icon={<DeleteOutlined />} disabled={disabled || busy} onClick={() => onChange?.('')} data-testid={`${testId}-remove`}>
              {t('remove')}
            </Button>
          ) : null}
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('imageHint', { max: rule.maxLabel, w: rule.width, h: rule.height })}
        </Typography.Text>
        {note ? (
          <Typography.Text type={note.type} style={{ fontSize: 12 }} data-testid={`${testId}-note`}>
            {note.text}
          </Typography.Text>
        ) : null}
      </Flex>
    </Flex>
  );
}
