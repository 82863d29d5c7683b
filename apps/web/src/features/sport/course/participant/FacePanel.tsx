import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Descriptions, Form, Image, Modal, Select, Space, Tag, Typography, Upload, theme } from 'antd';
import { PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FACE_STATEMENT_VERSIONS, Perm, type FaceConsentState } from '@venue/contract';
import { confirm, success } from '../../../../app/feedback.tsx';
import { isApiError } from '../../../../app/request.ts';
import { useCan } from '../../../../kit/index.ts';
import { formatTime, participantApi, useParticipantT } from './shared.tsx';

/** The face image, fetched with the session (served only to staff with the face permission). */
function FaceImage({ id, face }: { id: number; face: FaceConsentState }) {
  const { token } = theme.useToken();
  const q = useQuery({
    queryKey: ['course', 'participantFace', id, face.consent, face.consentedAt],
    queryFn: () => participantApi.image(id),
    enabled: face.consent === 'image',
    retry: false,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (face.consent !== 'image' || !q.data || /json/.test(q.data.type)) {
      setSrc(null);
      return;
    }
    const u = URL.createObjectURL(q.data);
    setSrc(u);
    return () => URL.revokeObjectURL(u);
  }, [q.data, face.consent]);
  const size = 120;
  return (
    <div
      data-testid="participant-face-image"
      data-has-image={src ? 'yes' : 'no'}
      style={{
        width: size,
        height: size,
        borderRadius: token.borderRadius,
        border: `1px solid ${token.colorBorderSecondary}`,
        background: token.colorFillQuaternary,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        overflow: 'hidden',
      }}
    >
      {src ? (
        <Image src={src} alt="" width={size} height={size} style={{ objectFit: 'cover' }} />
      ) : (
        <PictureOutlined style={{ fontSize: 28, color: token.colorTextQuaternary }} />
      )}
    </div>
  );
}

function ConsentDialog({ id, open, onClose }: { id: number; open: boolean; onClose: () => void }) {
  const t = useParticipantT();
  const qc = useQueryClient();
  const [form] = Form.useForm<{ statementVersion: string; agreed: boolean }>();
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await participantApi.consent(id, v.statementVersion);
      success(t('consentRecorded'));
      onClose();
      await qc.invalidateQueries({ queryKey: ['course', 'participant', id] });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('consentTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'participant-consent-ok' } as never}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="participant-consent" initialValues={{ statementVersion: FACE_STATEMENT_VERSIONS[0], agreed: false }}>
        <Form.Item name="statementVersion" label={t('statementVersion')} rules={[{ required: true }]}>
          <Select options={FACE_STATEMENT_VERSIONS.map((v) => ({ value: v, label: v }))} />
        </Form.Item>
        <Typography.Paragraph type="secondary" data-testid="participant-consent-text">
          {t('statementText')}
        </Typography.Paragraph>
        <Form.Item
          name="agreed"
          valuePropName="checked"
          rules={[{ validator: (_r, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('consentAgreedRequired')))) }]}
        >
          <Checkbox data-testid="participant-consent-agreed">{t('consentAgreed')}</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The participant's face image consent: record it, upload an image (refused without consent), revoke (deletes the image). */
export function FacePanel({ id, face }: { id: number; face: FaceConsentState }) {
  const t = useParticipantT();
  const can = useCan();
  const qc = useQueryClient();
  const [consenting, setConsenting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const allowed = can(Perm.courseParticipant.face);
  const reload = () => qc.invalidateQueries({ queryKey: ['course', 'participant', id] });
  const revoke = async () => {
    if (!(await confirm({ content: t('revokeConfirm') }))) return;
    await participantApi.revoke(id);
    success(t('revoked'));
    setError(null);
    await reload();
  };
  const color = face.consent === 'image' ? 'green' : face.consent === 'consented' ? 'blue' : 'default';
  return (
    <div data-testid="participant-face">
      <Space align="start" size="large" wrap>
        {allowed ? <FaceImage id={id} face={face} /> : null}
        <div>
          <Space wrap style={{ marginBottom: 8 }}>
            <Tag color={color} data-testid="participant-face-state" data-state={face.consent}>
              {t.dynamic('consentOf', face.consent)}
            </Tag>
            {face.faceCheckIn ? (
              <Tag color="green" data-testid="participant-face-checkin">
                {t('faceCheckIn')}
              </Tag>
            ) : null}
          </Space>
          {face.consent === 'none' ? (
            <Typography.Paragraph type="secondary">{t('consentNone')}</Typography.Paragraph>
          ) : (
            <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('consentedAt')}>{formatTime(face.consentedAt)}</Descriptions.Item>
              <Descriptions.Item label={t('statementVersion')}>{face.statementVersion ?? '—'}</Descriptions.Item>
              <Descriptions.Item label={t('recordedBy')}>{face.recordedByName ?? '—'}</Descriptions.Item>
            </Descriptions>
          )}
          {face.consent === 'none' && face.revokedAt ? (
            <Typography.Paragraph type="secondary">
              {t('revokedAt')}: {formatTime(face.revokedAt)}
            </Typography.Paragraph>
          ) : null}
          {!face.faceCheckIn ? <Typography.Paragraph type="secondary">{t('noFaceCheckIn')}</Typography.Paragraph> : null}
          {allowed ? (
            <Space wrap>
              {face.consent === 'none' ? (
                <Button type="primary" data-testid="participant-consent" onClick={() => setConsenting(true)}>
                  {t('recordConsent')}
                </Button>
              ) : null}
              <Upload
                accept="image/png,image/jpeg"
                showUploadList={false}
                customRequest={async ({ file, onSuccess, onError }) => {
                  try {
                    const saved = await participantApi.upload(id, file as File);
                    setError(null);
                    success(t('uploaded'));
                    await reload();
                    onSuccess?.(saved);
                  } catch (e) {
                    if (isApiError(e)) {
                      e.showInPlace();
                      setError(e.msg || e.message);
                    }
                    onError?.(e as Error);
                  }
                }}
              >
                <Button icon={<UploadOutlined />} data-testid="participant-face-upload">
                  {t('upload')}
                </Button>
              </Upload>
              {face.consent !== 'none' ? (
                <Button danger data-testid="participant-revoke" onClick={() => void revoke()}>
                  {t('revoke')}
                </Button>
              ) : null}
            </Space>
          ) : null}
          {allowed ? (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
              {t('uploadHint')}
            </Typography.Paragraph>
          ) : null}
          {error ? <Alert type="error" showIcon message={error} style={{ marginTop: 8 }} data-testid="participant-face-error" /> : null}
        </div>
      </Space>
      <ConsentDialog id={id} open={consenting} onClose={() => setConsenting(false)} />
    </div>
  );
}
