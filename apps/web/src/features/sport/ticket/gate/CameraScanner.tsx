import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Modal, Typography } from 'antd';
import { CameraOutlined } from '@ant-design/icons';
import { useGateT } from './gate.api.ts';

/**
 * Reads a QR code with the browser camera (the ZXing library, loaded on first use): the
 * first code read is handed to `onCode` and the dialog closes.
 */
export function CameraScanner({ onCode, disabled, testId }: { onCode: (text: string) => void; disabled?: boolean; testId: string }) {
  const t = useGateT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="large" icon={<CameraOutlined />} disabled={disabled} onClick={() => setOpen(true)} data-testid={testId}>
        {t('check.camera')}
      </Button>
      <Modal open={open} title={t('check.cameraTitle')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden width={560}>
        {open ? (
          <CameraView
            onCode={(text) => {
              setOpen(false);
              onCode(text);
            }}
          />
        ) : null}
      </Modal>
    </>
  );
}

function CameraView({ onCode }: { onCode: (text: string) => void }) {
  const t = useGateT();
  const video = useRef<HTMLVideoElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const handler = useRef(onCode);
  handler.current = onCode;
  useEffect(() => {
    let stopped = false;
    let controls: { stop(): void } | undefined;
    void (async () => {
      try {
        // Decodes on the page itself (no worker from a blob: URL, which the console's CSP refuses).
        const [{ BrowserQRCodeReader }, { DecodeHintType }] = await Promise.all([import('@zxing/browser'), import('@zxing/library')]);
        if (stopped || !video.current) return;
        // Trying harder costs a few milliseconds a frame and reads a small or tilted ticket held at arm's length.
        const reader = new BrowserQRCodeReader(new Map([[DecodeHintType.TRY_HARDER, true]]), { delayBetweenScanAttempts: 100 });
        controls = await reader.decodeFromConstraints({ video: { facingMode: 'environment' } }, video.current, (result, _err, c) => {
          if (!result || stopped) return;
          stopped = true;
          c.stop();
          handler.current(result.getText());
        });
        if (stopped) controls.stop();
      } catch (e) {
        if (!stopped) setProblem(t('check.cameraFailed', { reason: e instanceof Error ? e.message : String(e) }));
      }
    })();
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, [t]);
  return (
    <div>
      <Typography.Paragraph type="secondary">{t('check.cameraHint')}</Typography.Paragraph>
      {problem ? <Alert type="error" showIcon title={problem} /> : null}
      <video ref={video} style={{ width: '100%', borderRadius: 8, background: '#000', display: problem ? 'none' : 'block' }} muted playsInline />
    </div>
  );
}
