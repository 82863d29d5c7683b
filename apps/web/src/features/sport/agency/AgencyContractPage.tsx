import { Button, Form, Input, InputNumber, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import {
  Perm,
  agencyContractCreate,
  type AgencyContractDefaults,
  type AgencyContractRow,
  type agencyContractListQuery,
  type agencyContractUpdate,
} from '@venue/contract';
import { http, api } from '../../../app/request.ts';
import { ListPage, useVenueOptions, type ResourceDef } from '../../../kit/index.ts';
import { NS, percentOf, periodOptions, useAgencyT } from './agency.shared.ts';

type Form = z.input<typeof agencyContractCreate> & z.input<typeof agencyContractUpdate>;
const BP_FIELDS = ['platformBp', 'venueBp', 'partnerBp'] as const;
type Shares = Record<(typeof BP_FIELDS)[number], number | null | undefined>;

/** The form shows percents (6.5), the server takes basis points (650). */
const toBp = (pct: number | null | undefined) => (pct === null || pct === undefined ? undefined : Math.round(pct * 100));
const toPct = (bp: number) => bp / 100;
const sharesToBp = <T extends Partial<Shares>>(s: T): T => ({ ...s, ...Object.fromEntries(BP_FIELDS.filter((f) => f in s).map((f) => [f, toBp(s[f])])) });

/** The shares of one item kind, instead of the contract's default shares (a list in the form). */
function KindSharesField() {
  const t = useAgencyT();
  return (
    <Form.List name="kindShares">
      {(rows, { add, remove }) => (
        <Space direction="vertical" style={{ width: '100%' }} data-testid="agencyContract-kind-shares">
          {rows.map((row) => (
            <Space key={row.key} align="baseline" wrap>
              <Form.Item name={[row.name, 'kind']} rules={[{ required: true }]} style={{ marginBottom: 0 }}>
                <Input placeholder={t('field.kind')} style={{ width: 110 }} maxLength={24} />
              </Form.Item>
              {BP_FIELDS.map((f) => (
                <Form.Item key={f} name={[row.name, f]} rules={[{ required: true }]} style={{ marginBottom: 0 }}>
                  <InputNumber min={0} max={100} precision={2} placeholder={t(`field.${f}`)} style={{ width: 130 }} />
                </Form.Item>
              ))}
              <Button type="text" danger icon={<DeleteOutlined />} aria-label={t('contract.kindShares')} onClick={() => remove(row.name)} />
            </Space>
          ))}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            onClick={() => add({ kind: '', platformBp: 0, venueBp: 100, partnerBp: 0 })}
            data-testid="agencyContract-add-kind"
          >
            {t('contract.addKind')}
          </Button>
          <Typography.Text type="secondary">{t('contract.sharesHint')}</Typography.Text>
        </Space>
      )}
    </Form.List>
  );
}

function SharesCell({ row }: { row: AgencyContractRow }) {
  const t = useAgencyT();
  return (
    <span>
      {t('contract.sharesLine', { platform: percentOf(row.platformBp), venue: percentOf(row.venueBp), partner: percentOf(row.partnerBp) })}
      {row.kindShares.length ? <Typography.Text type="secondary">{` (+${row.kindShares.length})`}</Typography.Text> : null}
    </span>
  );
}

const pct = { type: 'number' as const, decimals: 2, props: { min: 0, max: 100, addonAfter: '%' } };

const contractResource: ResourceDef<AgencyContractRow, Form, z.input<typeof agencyContractListQuery>> = {
  key: 'agencyContract',
  ns: NS,
  name: 'contract.name',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'agency/contract' },
  perms: { add: Perm.agencyContract.add, edit: Perm.agencyContract.edit, remove: Perm.agencyContract.remove },
  features: { export: false, import: false },
  search: [
    { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions },
    { name: 'name', label: 'field.name' },
    { name: 'period', label: 'field.period', type: 'select', options: periodOptions },
  ],
  columns: [
    { key: 'name', label: 'field.name' },
    { key: 'stadiumName', label: 'field.stadiumName' },
    { key: 'partnerName', label: 'field.partnerName' },
    { key: '$shares', label: 'contract.shares', width: 300, render: (_: unknown, row) => <SharesCell row={row} /> },
    { key: 'period', label: 'field.period', options: periodOptions },
    { key: 'validFrom', label: 'field.validFrom', format: 'date' },
    { key: 'validTo', label: 'field.validTo', format: 'date' },
    { key: 'remark', label: 'field.remark', hiddenByDefault: true },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', hiddenByDefault: true },
  ],
  form: [
    { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions, required: true, modes: ['add'] },
    { name: 'name', label: 'field.name', rule: agencyContractCreate.shape.name },
    { name: 'partnerName', label: 'field.partnerName', rule: agencyContractCreate.shape.partnerName },
    { name: 'period', label: 'field.period', type: 'radio', options: periodOptions, initialValue: 'monthly', required: true },
    { name: 'platformBp', label: 'field.platformBp', ...pct, required: true, group: 'contract.shares' },
    { name: 'venueBp', label: 'field.venueBp', ...pct, required: true, group: 'contract.shares' },
    { name: 'partnerBp', label: 'field.partnerBp', ...pct, required: true, group: 'contract.shares' },
    { name: 'kindShares', label: 'contract.kindShares', type: 'custom', span: 2, render: () => <KindSharesField />, group: 'contract.shares' },
    { name: 'validFrom', label: 'field.validFrom', type: 'date', required: true },
    { name: 'validTo', label: 'field.validTo', type: 'date' },
    { name: 'remark', label: 'field.remark', type: 'textarea', span: 2, rule: agencyContractCreate.shape.remark },
  ],
  toForm: (row) => ({
    ...row,
    platformBp: toPct(row.platformBp),
    venueBp: toPct(row.venueBp),
    partnerBp: toPct(row.partnerBp),
    kindShares: row.kindShares.map((k) => ({ ...k, platformBp: toPct(k.platformBp), venueBp: toPct(k.venueBp), partnerBp: toPct(k.partnerBp) })),
  }),
  toBody: (values) => {
    const v = values as Form & Partial<Shares>;
    return { ...sharesToBp(v), ...(v.kindShares ? { kindShares: v.kindShares.map((k) => sharesToBp(k as never)) } : {}) } as Form;
  },
  // A new contract's shares start from the venue's service contract commission.
  onValuesChange: (changed, _all, form, mode) => {
    const stadiumId = (changed as { stadiumId?: number }).stadiumId;
    if (mode !== 'add' || !stadiumId) return;
    void http
      .get<AgencyContractDefaults>(api.sport(`agency/contract/defaults/${stadiumId}`))
      .then((d) =>
        form.setFieldsValue({
          platformBp: toPct(d.platformBp),
          venueBp: toPct(d.venueBp),
          partnerBp: toPct(d.partnerBp),
          ...(d.validFrom ? { validFrom: d.validFrom } : {}),
        }),
      )
      .catch(() => undefined);
  },
};

/** sport.agency.contract (clearingSettlement/tripartiteAgency): the contracts sharing a venue's takings between the platform, the venue and a partner. */
export default function AgencyContractPage() {
  return (
    <div data-testid="agency-contract-page">
      <ListPage def={contractResource} />
    </div>
  );
}
