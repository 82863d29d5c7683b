import { useMemo, useState } from 'react';
import { Card, InputNumber, Modal } from 'antd';
import { Perm, agreementCreate, type AcceptanceRow, type AgreementRow, type acceptanceQuery } from '@venue/contract';
import type { z } from 'zod';
import { success } from '../../../app/feedback.tsx';
import { useLang } from '../../../app/prefs.ts';
import { ListPage, invalidateResource, type ResourceDef } from '../../../kit/index.ts';
import { NS, agreementStateOptions, post, useContentT } from './shared.tsx';

type Form = { titleZh?: string; titleEn?: string; bodyZh?: string; bodyEn?: string };
const orNull = (v: unknown) => (typeof v === 'string' && v.trim() ? v : null);

const acceptanceResource: ResourceDef<AcceptanceRow, Record<string, unknown>, z.input<typeof acceptanceQuery>> = {
  key: 'content-acceptance',
  ns: NS,
  name: 'acceptances',
  endpoint: { prefix: 'sport', path: 'content/agreement/acceptance' },
  perms: { export: Perm.agreement.list },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, import: false, detail: false, export: true },
  search: [{ name: 'memberName', label: 'field.member' }],
  columns: [
    { key: 'versionNo', label: 'field.versionNo', width: 90, render: (v: number) => `v${v}` },
    { key: 'memberName', label: 'field.member' },
    { key: 'acceptTime', label: 'field.acceptTime', format: 'datetime', width: 180 },
  ],
};

/** The platform agreement: its versions (a new one must be accepted again) and who accepted which version (append-only). */
export default function AgreementPage() {
  const t = useContentT();
  const lang = useLang();
  const [accepting, setAccepting] = useState<AgreementRow | null>(null);
  const [memberId, setMemberId] = useState<number | null>(null);
  const versions = useMemo<ResourceDef<AgreementRow, Form>>(
    () => ({
      key: 'content-agreement',
      ns: NS,
      name: 'agreement',
      endpoint: { prefix: 'sport', path: 'content/agreement' },
      perms: { add: Perm.agreement.add, edit: Perm.agreement.edit },
      features: { remove: false, batchRemove: false, selection: false, import: false, export: false, detail: false },
      columns: [
        { key: 'versionNo', label: 'field.versionNo', width: 90, render: (v: number) => `v${v}` },
        { key: 'title', label: 'field.title', render: (_: unknown, r) => (lang === 'en-US' ? r.title.enUS : r.title.zhCN) ?? '' },
        { key: 'state', label: 'field.state', options: agreementStateOptions, width: 110 },
        { key: 'accepted', label: 'field.accepted', width: 110 },
        { key: 'publishedAt', label: 'field.publishedAt', format: 'datetime', width: 180 },
      ],
      form: [
        { name: 'titleZh', label: 'field.titleZh', rule: agreementCreate.shape.title.shape.zhCN },
        { name: 'titleEn', label: 'field.titleEn', rule: agreementCreate.shape.title.shape.enUS },
        { name: 'bodyZh', label: 'field.bodyZh', type: 'textarea', span: 2, rule: agreementCreate.shape.body.shape.zhCN },
        { name: 'bodyEn', label: 'field.bodyEn', type: 'textarea', span: 2, rule: agreementCreate.shape.body.shape.enUS },
      ],
      toForm: (r) => ({ titleZh: r.title.zhCN, titleEn: r.title.enUS, bodyZh: r.body.zhCN, bodyEn: r.body.enUS }),
      toBody: (v) => ({ title: { zhCN: orNull(v.titleZh), enUS: orNull(v.titleEn) }, body: { zhCN: orNull(v.bodyZh), enUS: orNull(v.bodyEn) } }),
      rowActions: [
        {
          key: 'publish',
          label: 'action.publish',
          perm: Perm.agreement.publish,
          confirm: true,
          visible: (r) => r.state === 'draft',
          run: async (r, ctx) => {
            await post(`agreement/${r.id}/publish`, { version: r.version });
            success(t('done.moved'));
            ctx.reload();
          },
        },
        { key: 'accept', label: 'action.accept', perm: Perm.agreement.accept, visible: (r) => r.state === 'published', run: (r) => setAccepting(r) },
      ],
    }),
    [t, lang],
  );
  return (
    <>
      <ListPage def={versions} />
      <Card title={t('acceptances')} size="small" style={{ marginTop: 16 }}>
        <ListPage def={acceptanceResource} />
      </Card>
      <Modal
        open={!!accepting}
        title={t('action.accept')}
        destroyOnHidden
        okButtonProps={{ disabled: !memberId }}
        onCancel={() => setAccepting(null)}
        onOk={async () => {
          await post(`agreement/${accepting!.id}/accept`, { memberId });
          success(t('done.saved'));
          setAccepting(null);
          for (const k of ['content-agreement', 'content-acceptance']) void invalidateResource(k);
        }}
      >
        <InputNumber min={1} precision={0} style={{ width: '100%' }} placeholder={t('memberId')} value={memberId} onChange={(v) => setMemberId(v)} />
      </Modal>
    </>
  );
}
