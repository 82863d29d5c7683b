import { useEffect } from 'react';
import { Alert, Button, Col, Form, Input, Row, Select, Typography, type FormInstance } from 'antd';
import { UserOutlined } from '@ant-design/icons';
import { MEMBER_ID_CARD, type TicketViewer } from '@venue/contract';
import { useDict } from '../../../../app/dict.ts';
import { isApiError } from '../../../../app/request.ts';
import { MemberSelect } from '../../../../kit/index.ts';
import { useRulesT } from './shared.ts';

/** A viewer row of the form (`memberId`: from the member records, the number stays on the server). */
export interface ViewerValues {
  memberId?: number;
  name?: string;
  idType?: string;
  idNo?: string;
}

/** The form's viewer rows as the order or reservation body takes them (`viewers`), one per ticket. */
export function viewersBody(rows: ViewerValues[] | undefined, count: number): TicketViewer[] {
  return (rows ?? [])
    .slice(0, count)
    .map((v) =>
      v.memberId ? { memberId: v.memberId } : { name: v.name?.trim() ?? '', idType: v.idType || MEMBER_ID_CARD, idNo: v.idNo?.trim().toUpperCase() ?? '' },
    );
}

const sameId = (a: ViewerValues | undefined, b: string) => !a?.memberId && (a?.idNo ?? '').trim().toUpperCase() === b;

/**
 * A real-name project's viewers, on the sale screen and the reservation dialog: one name, id type
 * and number per ticket (form list `viewers`), the first fillable from the buyer where there is one.
 * The same number twice is refused at its field here; the server checks them all again (a valid
 * identity card, none twice, none with a live ticket of the session already).
 */
export function ViewersFields({
  form,
  count,
  perBuyerLimit,
  testId = 'ticket-sell',
  fromBuyer: buyerFields = true,
}: {
  form: FormInstance;
  count: number;
  perBuyerLimit: number | null;
  testId?: string;
  fromBuyer?: boolean;
}) {
  const t = useRulesT();
  const idTypes = useDict('sys_id_type');
  // One row per ticket: rows are added or dropped as seats or the quantity change.
  useEffect(() => {
    const now = (form.getFieldValue('viewers') as ViewerValues[] | undefined) ?? [];
    if (now.length !== count)
      form.setFieldValue(
        'viewers',
        Array.from({ length: count }, (_, i) => now[i] ?? { idType: MEMBER_ID_CARD }),
      );
  }, [count, form]);
  /** A member chosen from the records takes the first row not filled yet (their id number stays on the server). */
  const fromMember = (m: { id: number; name: string } | null) => {
    if (!m) return;
    const v = ((form.getFieldValue('viewers') as ViewerValues[] | undefined) ?? []).slice();
    const at = v.findIndex((x) => !x?.memberId && !x?.idNo?.trim());
    if (at < 0) return;
    v[at] = { memberId: m.id, name: m.name };
    form.setFieldValue('viewers', v);
  };
  const fromBuyer = () => {
    const v = (form.getFieldValue('viewers') as ViewerValues[] | undefined) ?? [];
    const first = { name: form.getFieldValue('name') as string | undefined, idType: MEMBER_ID_CARD, idNo: form.getFieldValue('idNo') as string | undefined };
    form.setFieldValue('viewers', [first, ...v.slice(1)]);
  };
  /** The same id number on an earlier row: refused at the later one (as the server does). */
  const notTwice = (row: number) => ({
    validator: async (_: unknown, value: unknown) => {
      const idNo = String(value ?? '')
        .trim()
        .toUpperCase();
      const rows = (form.getFieldValue('viewers') as ViewerValues[] | undefined) ?? [];
      if (idNo && rows.slice(0, row).some((r) => sameId(r, idNo))) throw new Error(t('viewers.twice', { idNo }));
    },
  });
  return (
    <div data-testid={`${testId}-viewers`} data-count={count}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', marginBottom: 8 }}>
        <Typography.Text strong>{t('viewers.title')}</Typography.Text>
        {buyerFields ? (
          <Button size="small" icon={<UserOutlined />} onClick={fromBuyer} disabled={!count} data-testid={`${testId}-viewer-from-buyer`}>
            {t('viewers.fromBuyer')}
          </Button>
        ) : null}
      </div>
      <MemberSelect testId={`${testId}-viewer-member`} placeholder={t('viewers.fromMember')} onMember={fromMember} style={{ width: '100%', marginBottom: 8 }} />
      {perBuyerLimit ? <Alert type="info" showIcon style={{ marginBottom: 8 }} message={t('viewers.limit', { n: perBuyerLimit })} /> : null}
      {!count ? <Typography.Text type="secondary">{t('viewers.count', { n: 0 })}</Typography.Text> : null}
      <Form.List name="viewers">
        {(items) =>
          items.map((f) => (
            <Row gutter={8} key={f.key}>
              <Col span={7}>
                <Form.Item
                  name={[f.name, 'name']}
                  label={f.name === 0 ? t('viewers.name') : undefined}
                  rules={[{ required: true, whitespace: true, message: t('viewers.name') }]}
                >
                  <Input
                    maxLength={64}
                    prefix={<Typography.Text type="secondary">{f.name + 1}</Typography.Text>}
                    data-testid={`${testId}-viewer-name-${f.name}`}
                  />
                </Form.Item>
              </Col>
              <Form.Item name={[f.name, 'memberId']} hidden>
                <Input />
              </Form.Item>
              <Form.Item noStyle shouldUpdate>
                {() => {
                  const member = !!form.getFieldValue(['viewers', f.name, 'memberId']);
                  const idCard = (form.getFieldValue(['viewers', f.name, 'idType']) ?? MEMBER_ID_CARD) === MEMBER_ID_CARD;
                  // An identity card is checked by its form (15 or 18 characters); other papers only by length, as the server does.
                  const numberRule = idCard
                    ? { pattern: /^(\d{15}|\d{17}[\dXx])$/, message: t('viewers.idCardBad') }
                    : { pattern: /^[0-9A-Za-z-]{4,32}$/, message: t('viewers.idNoOther') };
                  return (
                    <>
                      <Col span={6}>
                        <Form.Item name={[f.name, 'idType']} label={f.name === 0 ? t('viewers.idType') : undefined}>
                          <Select
                            disabled={member}
                            placeholder={member ? '—' : undefined}
                            options={idTypes.map((d) => ({ value: d.value, label: d.label }))}
                            data-testid={`${testId}-viewer-idType-${f.name}`}
                            onChange={() => void form.validateFields([['viewers', f.name, 'idNo']]).catch(() => undefined)}
                          />
                        </Form.Item>
                      </Col>
                      <Col span={11}>
                        <Form.Item
                          name={[f.name, 'idNo']}
                          label={f.name === 0 ? t('viewers.idNumber') : undefined}
                          validateFirst
                          rules={member ? [] : [{ required: true, whitespace: true, message: t('viewers.idNumber') }, numberRule, notTwice(f.name)]}
                        >
                          <Input
                            maxLength={idCard ? 18 : 32}
                            disabled={member}
                            placeholder={member ? t('viewers.onRecord') : undefined}
                            data-testid={`${testId}-viewer-idNo-${f.name}`}
                            suffix={
                              member ? (
                                <Button type="link" size="small" onClick={() => form.setFieldValue(['viewers', f.name], { idType: MEMBER_ID_CARD })}>
                                  {t('viewers.clear')}
                                </Button>
                              ) : undefined
                            }
                          />
                        </Form.Item>
                      </Col>
                    </>
                  );
                }}
              </Form.Item>
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
  const fields = mine
    .filter((e) => /^viewers\.\d+\./.test(e.field!))
    .map((e) => ({
      name: e
        .field!.replace(/\.memberId$/, '.idNo')
        .split('.')
        .map((p) => (/^\d+$/.test(p) ? Number(p) : p)),
      errors: [err.message],
    }));
  if (fields.length) form.setFields(fields);
  if (mine.length) err.showInPlace();
  return mine.length > 0;
}
