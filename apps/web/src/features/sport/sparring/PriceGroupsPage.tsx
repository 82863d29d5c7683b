import { useLayoutEffect, useState } from 'react';
import { Button, Card, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { success } from '../../../app/feedback.tsx';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Perm, type SparringGroupRow, type SparringPrice } from '@venue/contract';
import { useCan } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { sparringApi } from './sparring.api.ts';
import { HALF_HOURS, WEEKDAYS, levelOptions, useSparringT, yuan, type Translate } from './shared.tsx';

interface PriceValues {
  weekdays?: number[];
  start?: string;
  end?: string;
  memberLevel?: string | null;
  price?: number | null;
}
interface GroupValues {
  name?: string;
  coachLevels?: string[];
  prices?: PriceValues[];
  remark?: string | null;
}

export function priceText(t: Translate, p: SparringPrice): string {
  const days = p.weekdays.length ? p.weekdays.map((d) => t.dynamic('weekday', d)).join('、') : t('everyDay');
  return `${days} ${p.start}-${p.end} ${p.memberLevel ?? t('walkInPrice')} ${yuan(p.priceFen)}`;
}

/** sport.sparring.prices (price group add and setting): the groups in force; adding, changing or removing one asks for approval. */
export default function PriceGroupsPage() {
  const t = useSparringT();
  const can = useCan();
  const [form] = Form.useForm<GroupValues>();
  const [editing, setEditing] = useState<SparringGroupRow | 'new' | null>(null);
  const [busy, setBusy] = useState(false);
  const q = useQuery({ queryKey: ['sparring', 'groups'], queryFn: sparringApi.groups });
  useLayoutEffect(() => {
    if (!editing) return;
    form.resetFields();
    if (editing === 'new') form.setFieldsValue({ coachLevels: [], prices: [{ weekdays: [], start: '08:00', end: '22:00', memberLevel: null, price: null }] });
    else
      form.setFieldsValue({
        name: editing.name,
        coachLevels: editing.coachLevels,
        remark: editing.remark,
        prices: editing.prices.map((p) => ({ ...p, price: p.priceFen / 100 })),
      });
  }, [editing, form]);

  const save = async () => {
    const v = await form.validateFields();
    const body = {
      name: v.name!,
      coachLevels: v.coachLevels ?? [],
      remark: v.remark || null,
      prices: (v.prices ?? []).map((p) => ({
        weekdays: p.weekdays ?? [],
        start: p.start!,
        end: p.end!,
        memberLevel: p.memberLevel || null,
        priceFen: Math.round(Number(p.price ?? 0) * 100),
      })),
    };
    setBusy(true);
    try {
      if (editing === 'new') await sparringApi.addGroup(body);
      else if (editing) await sparringApi.editGroup(editing.id, { ...body, version: editing.version });
      success(t('submitted'));
      setEditing(null);
      void q.refetch();
    } catch (err) {
      await reactToSaveError(form, err, { reload: () => void q.refetch() });
    } finally {
      setBusy(false);
    }
  };
  const remove = async (g: SparringGroupRow) => {
    await sparringApi.removeGroup(g.id, g.version);
    success(t('submitted'));
    void q.refetch();
  };

  return (
    <Card
      title={t('group')}
      extra={
        can(Perm.sparringPrice.add) ? (
          <Button type="primary" icon={<PlusOutlined />} data-testid="sparringGroup-add" onClick={() => setEditing('new')}>
            {t.dynamic('action', 'add')}
          </Button>
        ) : null
      }
    >
      <Table<SparringGroupRow>
        rowKey="id"
        data-testid="sparringGroup-table"
        loading={q.isLoading}
        dataSource={q.data?.data ?? []}
        pagination={false}
        columns={[
          {
            key: 'name',
            title: t('field.name'),
            render: (_, g) => (
              <Space>
                {g.name}
                {g.pendingChangeId ? <Tag color="orange">{t('pendingTag')}</Tag> : null}
              </Space>
            ),
          },
          { key: 'levels', title: t('field.coachLevels'), render: (_, g) => g.coachLevels.map((l) => <Tag key={l}>{t.dynamic('level', l)}</Tag>) },
          {
            key: 'prices',
            title: t('field.prices'),
            render: (_, g) => (
              <Space direction="vertical" size={0}>
                {g.prices.map((p, i) => (
                  <span key={i}>{priceText(t, p)}</span>
                ))}
              </Space>
            ),
          },
          { key: 'remark', title: t('field.remark'), dataIndex: 'remark' },
          {
            key: 'ops',
            title: '',
            render: (_, g) => (
              <Space>
                {can(Perm.sparringPrice.edit) ? (
                  <Button size="small" disabled={!!g.pendingChangeId} data-testid="sparringGroup-row-edit" onClick={() => setEditing(g)}>
                    {t.dynamic('action', 'edit')}
                  </Button>
                ) : null}
                {can(Perm.sparringPrice.remove) ? (
                  <Popconfirm title={t('removeAsk')} onConfirm={() => remove(g)}>
                    <Button size="small" danger disabled={!!g.pendingChangeId} data-testid="sparringGroup-row-remove">
                      {t.dynamic('action', 'remove')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={!!editing}
        title={t('group')}
        width={860}
        onCancel={() => setEditing(null)}
        onOk={() => void save()}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'sparringGroup-form-ok' } as never}
      >
        <Form form={form} name="sparringGroup-form" layout="vertical">
          <Form.Item name="name" label={t('field.name')} rules={[{ required: true, max: 64, whitespace: true }]}>
            <Input maxLength={64} />
          </Form.Item>
          <Form.Item name="coachLevels" label={t('field.coachLevels')} rules={[{ required: true, type: 'array', min: 1 }]}>
            <Select mode="multiple" options={levelOptions.map((o) => ({ value: o.value, label: t.dynamic('level', String(o.value)) }))} />
          </Form.Item>
          <Form.List name="prices">
            {(rows, { add, remove: drop }) => (
              <>
                {rows.map((row) => (
                  <Space key={row.key} align="baseline" wrap>
                    <Form.Item name={[row.name, 'weekdays']} label={t('field.weekdays')}>
                      <Select
                        mode="multiple"
                        style={{ minWidth: 180 }}
                        placeholder={t('everyDay')}
                        options={WEEKDAYS.map((d) => ({ value: d, label: t.dynamic('weekday', d) }))}
                      />
                    </Form.Item>
                    <Form.Item name={[row.name, 'start']} label={t('field.start')} rules={[{ required: true }]}>
                      <Select style={{ width: 96 }} options={HALF_HOURS.slice(0, -1).map((h) => ({ value: h, label: h }))} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'end']} label={t('field.end')} rules={[{ required: true }]}>
                      <Select style={{ width: 96 }} options={HALF_HOURS.slice(1).map((h) => ({ value: h, label: h }))} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'memberLevel']} label={t('field.memberLevel')}>
                      <Input style={{ width: 120 }} maxLength={32} placeholder={t('walkInPrice')} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'price']} label={t('field.price')} rules={[{ required: true }]}>
                      <InputNumber min={0} max={1_000_000} precision={2} style={{ width: 130 }} />
                    </Form.Item>
                    {rows.length > 1 ? <MinusCircleOutlined aria-label={t.dynamic('action', 'remove')} onClick={() => drop(row.name)} /> : null}
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ weekdays: [], start: '08:00', end: '22:00', memberLevel: null, price: null })}
                >
                  {t('addPrice')}
                </Button>
              </>
            )}
          </Form.List>
          <Form.Item name="remark" label={t('field.remark')} style={{ marginTop: 16 }}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
