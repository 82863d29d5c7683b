import { useMemo, useRef, useState } from 'react';
import { Form, Input } from 'antd';
import { Perm, type FeedbackRow, type feedbackQuery } from '@venue/contract';
import type { z } from 'zod';
import { api, http } from '../../../app/request.ts';
import { ListPage, type ListHandle, type ResourceDef } from '../../../kit/index.ts';
import { ActionDialog } from './ActionDialog.tsx';
import { NS, categoryOptions, feedbackStatusOptions, useDeskT } from './shared.ts';

const handle = (row: FeedbackRow, body: Record<string, unknown>) => http.put(api.sport(`deskops/feedback/${row.id}/handle`), { ...body, version: row.version });

/** Feedback from the member app (spec section 3): searched, exported, taken up and answered with an opinion the member is told. */
export default function FeedbackPage() {
  const t = useDeskT();
  const list = useRef<ListHandle<FeedbackRow>>(null);
  const [answering, setAnswering] = useState<FeedbackRow | null>(null);
  const def = useMemo<ResourceDef<FeedbackRow, Record<string, unknown>, z.input<typeof feedbackQuery>>>(
    () => ({
      key: 'feedback',
      ns: NS,
      name: 'feedback',
      endpoint: { prefix: 'sport', path: 'deskops/feedback' },
      perms: { export: Perm.feedback.list },
      features: { add: false, edit: false, remove: false, batchRemove: false, import: false, selection: false },
      search: [
        { name: 'keyword', label: 'field.keyword' },
        { name: 'category', label: 'field.category', type: 'select', options: categoryOptions },
        { name: 'status', label: 'field.status', type: 'select', options: feedbackStatusOptions },
      ],
      columns: [
        { key: 'createTime', label: 'field.createTime', format: 'datetime', width: 170 },
        { key: 'category', label: 'field.category', options: categoryOptions, width: 100 },
        { key: 'content', label: 'field.content' },
        { key: 'memberName', label: 'field.memberName', width: 110 },
        { key: 'contact', label: 'field.contact', width: 150 },
        { key: 'appVersion', label: 'field.appVersion', width: 100 },
        { key: 'status', label: 'field.status', options: feedbackStatusOptions, width: 100 },
        { key: 'opinion', label: 'field.opinion' },
      ],
      rowActions: [
        {
          key: 'processing',
          label: 'action.processing',
          perm: Perm.feedback.handle,
          visible: (r) => r.status === 'pending',
          run: async (r, ctx) => {
            await handle(r, { status: 'processing' });
            ctx.reload();
          },
        },
        { key: 'answer', label: 'action.answer', perm: Perm.feedback.handle, visible: (r) => r.status !== 'done', run: (r) => setAnswering(r) },
      ],
    }),
    [],
  );
  return (
    <>
      <ListPage def={def} ref={list} />
      <ActionDialog<{ opinion: string }>
        title={t('action.answer')}
        testId="feedback-answer"
        open={answering !== null}
        onClose={() => setAnswering(null)}
        save={async (v) => {
          await handle(answering!, { status: 'done', opinion: v.opinion });
          list.current?.reload();
        }}
      >
        <Form.Item name="opinion" label={t('field.opinion')} rules={[{ required: true, message: t('kit:required') }]}>
          <Input.TextArea rows={4} maxLength={1000} />
        </Form.Item>
      </ActionDialog>
    </>
  );
}
