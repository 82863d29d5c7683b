import { useEffect } from 'react';
import { Alert, Button, Col, Form, Input, Row, Typography, type FormInstance } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { isApiError } from '../../../../app/request.ts';
import { MemberSelect } from '../../../../kit/index.ts';
import { useRulesT } from './shared.ts';

/**
 * A real-name project's viewers on the sale screen: one name and identity card number per ticket
 * (form list `viewers` of the buyer form), the first fillable from the buyer. The server checks
 * them (valid number, none twice, none with a ticket of the session already).
 */
export function ViewersFields({ form, count, perBuyerLimit }: { form: FormInstance; count: number; perBuyerLimit: number | null }) {
  const t = useRulesT();
  // One row per ticket: rows are added or dropped as seats or the quantity change.
  useEffect(() => {
    const now = (form.getFieldValue('viewers') as { name?: string; idNo?: string }[] | undefined) ?? [];
    if (now.length !== count) form.setFieldValue('viewers', Array.from({ length: count }, (_, i) => now[i] ?? {}));
  }, [count, form]);
  type Viewer = { memberId?: number; name?: string; idNo?: string };
  /** A member chosen from the records takes the first row not filled yet (their id number stays on the server). */
  const fromMember = (m: { id: number; name: string } | null) => {
    if (!m) return;
    const v = ((form.getFieldValue('viewers') as Viewer[] | undefined) ?? []).slice();
    const at = v.findIndex((x) => !x?.memberId && !x?.idNo?.trim());
    if (at < 0) return;
    v[at] = { memberId: m.id, name: m.name };
    form.setFieldValue('viewers', v);
  };
  const fromBuyer = () => {
    const v = (form.getFieldValue('viewers') as { name?: string; idNo?: string }[] | undefined) ?? [];
    const first = { name: form.getFieldValue('name') as string | undefined, idNo: form.getFieldValue('idNo') as string | undefined };
    form.setFieldValue('viewers', [first, ...v.slice(1)]);
  };
  return (
    <div data-testid="ticket-sell-viewers" data-count={count}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
        <Typography.Text strong>{t('viewers.title')}</Typography.Text>
        <Button size="small" icon={<UserOutlined />} onClick={fromBuyer} disabled={!count} data-testid="ticket-sell-viewer-from-buyer">
          {t('viewers.fromBuyer')}
        </Button>
      </div>
      <MemberSelect testId="ticket-sell-viewer-member" placeholder={t('viewers.fromMember')} onMember={fromMember} style={{ width: '100%', marginBottom: 8 }} />
      {perBuyerLimit ? <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('viewers.limit', { n: perBuyerLimit })} /> : null}
      {!count ? <Typography.Text type="secondary">{t('viewers.count', { n: 0 })}</Typography.Text> : null}
      <Form.List name="viewers">
        {(items) =>
          items.map((f) => (
            <Row gutter={8} key={f.key}>
              <Col span={9}>
                <Form.Item name={[f.name, 'name']} label={f.name === 0 ? t('viewers.name') : undefined} rules={[{ required: true, whitespace: true, message: t('viewers.name') }]}>
                  <Input maxLength={64} prefix={<Typography.Text type="secondary">{f.name + 1}</Typography.Text>} data-testid={`ticket-sell-viewer-name-${f.name}`} />
                </Form.Item>
              </Col>
              <Col span={15}>
                <Form.Item name={[f.name, 'memberId']} hidden>
                  <Input />
                </Form.Item>
                <Form.Item noStyle shouldUpdate>
                  {() => {
                    const member = !!form.getFieldValue(['viewers', f.name, 'memberId']);
                    return (
                      <Form.Item name={[f.name, 'idNo']} label={f.name === 0 ? t('viewers.idNo') : undefined} rules={member ? [] : [{ required: true, whitespace: true, message: t('viewers.idNo') }, { pattern: /^(\d{15}|\d{17}[\dXx])$/, message: t('viewers.idNo') }]}>
                        <Input
                          maxLength={18}
                          disabled={member}
                          placeholder={member ? t('viewers.onRecord') : undefined}
                          data-testid={`ticket-sell-viewer-idNo-${f.name}`}
                          suffix={member ? <Button type="link" size="small" onClick={() => form.setFieldValue(['viewers', f.name], {})}>{t('viewers.clear')}</Button> : undefined}
                        />
                      </Form.Item>
                    );
                  }}
                </Form.Item>
              </Col>
            </Row>
          ))
        }
      </Form.List>
    </div>
  );
}

/** Marks the viewers' fields a refused sale names (`viewers.N.idNo`); true when the refusal was about viewers or the buyer's limit. */
export function viewerErrors(form: FormInstance, err: unknown): boolean {
  if (!isApiError(err)) return false;
  const detail = err.detail as { field?: string; message?: string }[] | { fields?: { field: string; message: string }[] } | null;
  const list = Array.isArray(detail) ? detail : (detail?.fields ?? []);
  const mine = list.filter((e) => e.field && /^(viewers|quantity|seatIds)(\.|$)/.test(e.field));
  // A member's row shows its refusal at the id number.
  const fields = mine.filter((e) => /^viewers\.\d+\./.test(e.field!)).map((e) => ({ name: e.field!.replace(/\.memberId$/, '.idNo').split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)), errors: [err.message] }));
  if (fields.length) form.setFields(fields);
  if (mine.length) err.showInPlace();
  return mine.length > 0;
}
