import { useMemo, useState } from 'react';
import { Form, Modal, Select, Tabs, Typography } from 'antd';
import { success } from '../../../../app/feedback.tsx';
import type { ButtonProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Perm, packageTypeCreate, type MemberPackageRow, type PackageTypeRow, type memberPackagePageQuery, type packageTypePageQuery } from '@venue/contract';
import { api, http } from '../../../../app/request.ts';
import { ListPage, MemberSelect, invalidateResource, useCan, type ResourceDef, type Row } from '../../../../kit/index.ts';
import { useFormSubmit } from '../../../../kit/form.ts';
import { fenToYuan, useCourseOptions } from '../shared.tsx';
import {
  NS,
  PayDialog,
  attendanceApi,
  newIdempotencyKey,
  packageDetailPath,
  packageStateOptions,
  toFen,
  typeStateOptions,
  useAttendanceT,
  yesNoOptions,
  yuan,
} from './shared.tsx';

function Go({ to, children }: { to: string; children: string }) {
  const navigate = useNavigate();
  return <Typography.Link onClick={() => navigate(to)}>{children}</Typography.Link>;
}

export const packageResource: ResourceDef<MemberPackageRow, Record<string, never>, z.input<typeof memberPackagePageQuery>> = {
  key: 'memberClassPackage',
  ns: NS,
  name: 'memberPackage',
  nameField: 'memberName',
  endpoint: { prefix: 'sport', path: 'course/package' },
  features: { add: false, edit: false, remove: false, batchRemove: false, import: false, export: false, detail: false, selection: false },
  api: { list: (body) => http.post(api.sport('course/package/page'), body) },
  search: [
    { name: 'keyword', label: 'field.keyword', type: 'text' },
    { name: 'courseId', label: 'field.courseId', type: 'select', useOptions: useCourseOptions },
    { name: 'state', label: 'field.state', type: 'select', options: packageStateOptions },
  ],
  columns: [
    { key: 'memberName', label: 'field.memberName', render: (_: unknown, row) => <Go to={packageDetailPath(row.id)}>{row.memberName}</Go> },
    { key: 'memberNo', label: 'field.memberNo' },
    { key: 'typeName', label: 'field.typeName' },
    { key: 'courseName', label: 'field.courseName' },
    { key: '$left', label: 'field.lessonsLeft', render: (_: unknown, row) => `${row.lessonsLeft} / ${row.lessons}` },
    { key: 'priceFen', label: 'field.priceFen', align: 'right', render: (v: number) => yuan(v) },
    { key: 'state', label: 'field.state', options: packageStateOptions },
    { key: 'expiresAt', label: 'field.expiresAt', format: 'datetime' },
    { key: 'orderNo', label: 'field.orderNo' },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', hiddenByDefault: true },
  ],
};

type TypeForm = z.input<typeof packageTypeCreate> & { priceYuan?: number | null; state?: string };

export const typeResource: ResourceDef<PackageTypeRow, TypeForm, z.input<typeof packageTypePageQuery>> = {
  key: 'coursePackageType',
  ns: NS,
  name: 'packageType',
  endpoint: { prefix: 'sport', path: 'course/package/type' },
  perms: { add: Perm.coursePackage.add, edit: Perm.coursePackage.edit },
  features: { remove: false, batchRemove: false, import: false, export: false, detail: false, selection: false },
  api: { list: (body) => http.post(api.sport('course/package/type/page'), body) },
  search: [
    { name: 'courseId', label: 'field.courseId', type: 'select', useOptions: useCourseOptions },
    { name: 'state', label: 'field.state', type: 'select', options: typeStateOptions },
  ],
  columns: [
    { key: 'name', label: 'field.name' },
    { key: 'courseName', label: 'field.courseName' },
    { key: 'lessons', label: 'field.lessons', align: 'right' },
    { key: 'priceFen', label: 'field.priceFen', align: 'right', render: (v: number) => yuan(v) },
    { key: 'validityDays', label: 'field.validityDays', align: 'right' },
    { key: 'noShowConsumes', label: 'field.noShowConsumes', options: yesNoOptions },
    { key: 'state', label: 'field.state', options: typeStateOptions },
  ],
  form: [
    { name: 'courseId', label: 'field.courseId', type: 'select', useOptions: useCourseOptions, required: true, modes: ['add'] },
    { name: 'name', label: 'field.name', type: 'text', rule: packageTypeCreate.shape.name },
    { name: 'lessons', label: 'field.lessons', type: 'integer', rule: packageTypeCreate.shape.lessons },
    { name: 'priceYuan', label: 'field.priceYuan', type: 'number', decimals: 2, required: true },
    { name: 'validityDays', label: 'field.validityDays', type: 'integer', rule: packageTypeCreate.shape.validityDays },
    { name: 'noShowConsumes', label: 'field.noShowConsumes', type: 'switch', initialValue: false },
    { name: 'state', label: 'field.state', type: 'radio', options: typeStateOptions, modes: ['edit'] },
  ],
  toForm: (row) => ({ ...row, priceYuan: fenToYuan(row.priceFen) }),
  toBody: (values) => {
    const { priceYuan, ...rest } = values as Row & { priceYuan?: number | null };
    return priceYuan === undefined || priceYuan === null ? rest : { ...rest, priceFen: toFen(priceYuan) };
  },
};

/** Sell a class package: a type and a member make a pending course order, paid at once in the pay dialog. */
function SellDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const t = useAttendanceT();
  const [form] = Form.useForm<{ typeId?: number; memberId?: number | null }>();
  const [paying, setPaying] = useState<number | null>(null);
  const key = useMemo(() => newIdempotencyKey(), [open]); // eslint-disable-line react-hooks/exhaustive-deps -- a new key per opening, on purpose
  const types = useQuery({ queryKey: ['course', 'packageTypes', 'on'], queryFn: () => attendanceApi.types(), enabled: open });
  const { busy, submit } = useFormSubmit(form, async (v) => {
    const made = await attendanceApi.sell(v.typeId!, Number(v.memberId), key);
    success(t('sold'));
    onClose();
    onDone();
    setPaying(made.orderId);
  });
  return (
    <>
      <Modal
        open={open}
        title={t('sellTitle')}
        onCancel={onClose}
        onOk={() => void submit()}
        confirmLoading={busy}
        okButtonProps={{ 'data-testid': 'memberClassPackage-sell-ok' } as ButtonProps}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" name="memberClassPackage-sell">
          <Form.Item name="typeId" label={t('field.typeId')} rules={[{ required: true, message: t('field.typeId') }]}>
            <Select
              data-testid="memberClassPackage-sell-type"
              loading={types.isFetching}
              options={(types.data?.data ?? []).map((x) => ({ value: x.id, label: `${x.courseName} · ${x.name} · ${x.lessons} · ${yuan(x.priceFen)}` }))}
            />
          </Form.Item>
          <Form.Item name="memberId" label={t('field.member')} rules={[{ required: true, message: t('field.member') }]}>
            <MemberSelect testId="memberClassPackage-sell-member" />
          </Form.Item>
        </Form>
      </Modal>
      <PayDialog orderId={paying} open={paying !== null} onClose={() => setPaying(null)} onPaid={onDone} />
    </>
  );
}

/** sport.course.memberPackages (trainingCourse/memberClassPackage): members' class packages with lessons left, and the package types. */
export default function PackagesPage() {
  const t = useAttendanceT();
  const can = useCan();
  const [selling, setSelling] = useState(false);
  const def = useMemo<ResourceDef<MemberPackageRow>>(
    () => ({
      ...(packageResource as unknown as ResourceDef<MemberPackageRow>),
      toolbar: [
        {
          key: 'sell',
          label: 'sell',
          primary: true,
          perm: Perm.coursePackage.sell,
          run: () => setSelling(true),
        },
      ],
    }),
    [],
  );
  const items = [{ key: 'packages', label: t('tabPackages'), children: <ListPage def={def} /> }];
  if (can(Perm.coursePackage.add) || can(Perm.coursePackage.edit))
    items.push({ key: 'types', label: t('tabTypes'), children: <ListPage def={typeResource} /> });
  return (
    <div data-testid="memberClassPackage-page">
      <Tabs data-testid="memberClassPackage-tabs" items={items} destroyOnHidden={false} />
      <SellDialog open={selling} onClose={() => setSelling(false)} onDone={() => void invalidateResource(packageResource.key)} />
    </div>
  );
}
