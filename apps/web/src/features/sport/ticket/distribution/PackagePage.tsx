import { useMemo, useState } from 'react';
import { Form, InputNumber, Modal, Space, Tag } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { Perm, packageCreate, type PackageRow, type packageListQuery } from '@venue/contract';
import { ListPage, invalidateResource, type ResourceDef } from '../../../../kit/index.ts';
import { PayDialog, newIdempotencyKey, toFen, yuan } from '../../../../kit/pay/index.ts';
import { NS, distApi, useDistT, useLevelOptions } from './shared.ts';
import { notify } from '../../../../app/notify.ts';

/**
 * Package tickets (issue 13, spec projects/session package ticket): several sessions' levels sold
 * as one at a package price from the package's own stock. Sell takes one ticket of each part per
 * package (all or nothing) and opens the pay dialog; a refund of the order refunds every ticket.
 */
interface PackageForm {
  name?: string;
  priceFen?: number;
  stock?: number;
  onSale?: boolean;
  remark?: string | null;
  levelIds?: number[];
}

export default function PackagePage() {
  const [selling, setSelling] = useState<PackageRow | null>(null);
  const [payFor, setPayFor] = useState<number | null>(null);
  const def = useMemo<ResourceDef<PackageRow, PackageForm, z.input<typeof packageListQuery>>>(
    () => ({
      key: 'ticketPackage',
      ns: NS,
      name: 'package',
      nameField: 'name',
      endpoint: { prefix: 'sport', path: 'ticket/package' },
      perms: { add: Perm.ticket.package, edit: Perm.ticket.package, remove: Perm.ticket.package },
      features: { export: false, import: false, detail: false },
      search: [{ name: 'name', label: 'field.name' }],
      columns: [
        { key: 'name', label: 'field.name', sorter: true },
        { key: 'priceFen', label: 'field.priceFen', sorter: true, format: 'money' },
        {
          key: 'parts',
          label: 'field.parts',
          render: (parts: PackageRow['parts']) => (
            <Space size={2} wrap>
              {parts.map((p) => (
                <Tag key={p.levelId}>{`${p.projectName} ${p.sessionName} · ${p.levelName}`}</Tag>
              ))}
            </Space>
          ),
        },
        { key: 'stock', label: 'field.stock', content: 'number' },
        { key: 'sold', label: 'field.sold', content: 'number' },
        { key: 'held', label: 'field.held', content: 'number' },
        { key: 'available', label: 'field.available', content: 'number' },
        { key: 'onSale', label: 'field.onSale', format: 'yesNo' },
      ],
      form: [
        { name: 'name', label: 'field.name', rule: packageCreate.shape.name },
        { name: 'priceFen', label: 'field.priceFen', type: 'number', decimals: 2, rule: z.number().min(0).max(100_000_000) },
        { name: 'stock', label: 'field.stock', type: 'integer', rule: z.number().int().min(0).max(1_000_000) },
        {
          name: 'levelIds',
          label: 'field.parts',
          type: 'multiSelect',
          useOptions: useLevelOptions,
          modes: ['add'],
          rule: z.array(z.number()).min(2).max(10),
          span: 2,
        },
        { name: 'onSale', label: 'field.onSale', type: 'switch', initialValue: true },
        { name: 'remark', label: 'field.remark', type: 'textarea', rule: packageCreate.shape.remark, required: false, span: 2 },
      ],
      formColumns: 2,
      formWidth: 760,
      toForm: (row) => ({ ...row, priceFen: row.priceFen / 100 }),
      toBody: (values, mode) => {
        const { levelIds, priceFen, ...rest } = values as PackageForm;
        return {
          ...rest,
          ...(priceFen !== undefined ? { priceFen: toFen(priceFen) } : {}),
          ...(mode === 'add' ? { parts: (levelIds ?? []).map((levelId) => ({ levelId })) } : {}),
        };
      },
      rowActions: [{ key: 'sell', label: 'sell', perm: Perm.ticket.package, visible: (row) => row.onSale && row.available > 0, run: (row) => setSelling(row) }],
    }),
    [],
  );
  return (
    <>
      <ListPage def={def} />
      {selling ? (
        <SellPackageDialog
          pkg={selling}
          onClose={() => setSelling(null)}
          onMade={(orderId) => {
            setSelling(null);
            invalidateResource('ticketPackage');
            setPayFor(orderId);
          }}
        />
      ) : null}
      <PayDialog
        orderId={payFor}
        open={payFor !== null}
        onClose={() => (setPayFor(null), invalidateResource('ticketPackage'))}
        onPaid={() => invalidateResource('ticketPackage')}
      />
    </>
  );
}

/** Sells `quantity` of a package (its own pending order), on the package screen and the sale screen. */
export function SellPackageDialog({ pkg, onClose, onMade }: { pkg: PackageRow; onClose: () => void; onMade: (orderId: number) => void }) {
  const t = useDistT();
  const [quantity, setQuantity] = useState(1);
  const [key] = useState(newIdempotencyKey);
  const sell = useMutation({
    mutationFn: () => distApi.sellPackage(pkg.id, quantity, key),
    onSuccess: (o) => {
      notify.success(t('orderMade', { orderNo: o.orderNo, amount: yuan(o.amount) }));
      onMade(o.orderId);
    },
  });
  return (
    <Modal
      open
      title={`${t('sell')} · ${pkg.name}`}
      onCancel={onClose}
      onOk={() => sell.mutate()}
      confirmLoading={sell.isPending}
      okButtonProps={{ 'data-testid': 'package-sell-ok' } as never}
    >
      <Form layout="vertical">
        <Form.Item label={t('field.quantity')}>
          <InputNumber
            id="package-sell_quantity"
            min={1}
            max={Math.min(20, pkg.available)}
            precision={0}
            value={quantity}
            onChange={(v) => setQuantity(v ?? 1)}
          />
        </Form.Item>
        <Form.Item label={t('total')}>{yuan(pkg.priceFen * quantity)}</Form.Item>
      </Form>
    </Modal>
  );
}
