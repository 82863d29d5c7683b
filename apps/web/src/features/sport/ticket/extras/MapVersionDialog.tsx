import { useState } from 'react';
import { Alert, Form, Modal, Select, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { SessionRow } from '@venue/contract';
import { success } from '../../../../app/feedback.tsx';
import { http } from '../../../../app/request.ts';
import { reactToSaveError } from '../../../../kit/form.ts';
import { ticketPath, useExtrasT } from './shared.tsx';

/**
 * Moves a seated session to a later version of its seat map. The server keeps the seats still drawn
 * (sold and held ones too), adds the new ones free, and refuses the move, naming the seats, when a
 * sold or held seat would vanish.
 */
export function MapVersionDialog({ session, onClose, onMoved }: { session: SessionRow; onClose: () => void; onMoved: () => void }) {
  const t = useExtrasT();
  const [form] = Form.useForm<{ seatmapVersion: number }>();
  const [busy, setBusy] = useState(false);
  const versions = useQuery({
    queryKey: ['ticketExtras', 'mapVersions', session.seatmapId],
    queryFn: () => http.get<{ version: number; seatCount: number }[]>(ticketPath(`seatmap/${session.seatmapId}/versions`)),
    enabled: !!session.seatmapId,
  });
  const later = (versions.data ?? []).filter((v) => v.version > (session.seatmapVersion ?? 0));
  const submit = async () => {
    const { seatmapVersion } = await form.validateFields();
    setBusy(true);
    try {
      const r = await http.post<{ kept: number; added: number; removed: number }>(ticketPath(`session/${session.id}/mapVersion`), {
        seatmapVersion,
        version: session.version,
      });
      success(t('mapMove.done', r));
      onMoved();
    } catch (err) {
      await reactToSaveError(form, err, { reload: onMoved });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={t('mapMove.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ disabled: !later.length, loading: busy, id: 'mapMove-ok' }}
      destroyOnHidden
    >
      <Typography.Paragraph>{t('mapMove.current', { version: session.seatmapVersion })}</Typography.Paragraph>
      {later.length ? (
        <Form form={form} layout="vertical" initialValues={{ seatmapVersion: later[0]!.version }}>
          <Form.Item name="seatmapVersion" label={t('mapMove.target')} rules={[{ required: true }]}>
            <Select options={later.map((v) => ({ value: v.version, label: `v${v.version} · ${v.seatCount}` }))} data-testid="mapMove-version" />
          </Form.Item>
        </Form>
      ) : (
        <Alert type="info" showIcon title={t('mapMove.noLater')} />
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('mapMove.hint')}
      </Typography.Paragraph>
    </Modal>
  );
}
