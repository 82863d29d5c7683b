import { useMemo, useState } from 'react';
import { Input, Modal, Space, Tag } from 'antd';
import { TagsOutlined } from '@ant-design/icons';
import { Perm, type CommentRow, type commentQuery } from '@venue/contract';
import { z } from 'zod';
import { success } from '../../../app/feedback.tsx';
import { http } from '../../../app/request.ts';
import { ListPage, ReasonDialog, invalidateResource, type ResourceDef } from '../../../kit/index.ts';
import { NS, commentStateOptions, contentUrl, put, useContentT } from './shared.tsx';

const KEY = 'content-comment';
/** A rejection says why (the server refuses one without). */
const rejectReason = z.string().trim().min(1).max(200);

/** The organisation's keyword list: one word a line. */
function KeywordsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useContentT();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={open}
      title={t('keywordsTitle')}
      confirmLoading={busy}
      destroyOnHidden
      afterOpenChange={(o) => o && void http.get<{ words: string[] }>(contentUrl('comment/keywords')).then((r) => setText(r.words.join('\n')))}
      onCancel={onClose}
      onOk={async () => {
        setBusy(true);
        try {
          await put('comment/keywords', {
            words: text
              .split('\n')
              .map((w) => w.trim())
              .filter(Boolean),
          });
          success(t('done.saved'));
          onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Input.TextArea rows={10} value={text} onChange={(e) => setText(e.target.value)} data-testid="content-keywords" />
    </Modal>
  );
}

/** Comments with moderation: held ones first, approved or rejected with a reason. */
export default function CommentsPage() {
  const t = useContentT();
  const [rejecting, setRejecting] = useState<CommentRow | null>(null);
  const [keywords, setKeywords] = useState(false);
  const def = useMemo<ResourceDef<CommentRow, Record<string, unknown>, z.input<typeof commentQuery>>>(
    () => ({
      key: KEY,
      ns: NS,
      name: 'field.text',
      endpoint: { prefix: 'sport', path: 'content/comment' },
      perms: { export: Perm.comment.list },
      features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, import: false, detail: false, export: true },
      search: [
        { name: 'text', label: 'field.text' },
        { name: 'state', label: 'field.state', type: 'select', options: commentStateOptions },
      ],
      columns: [
        { key: 'contentTitle', label: 'field.contentTitle', width: 200 },
        { key: 'author', label: 'field.author', width: 120 },
        { key: 'text', label: 'field.text' },
        { key: 'state', label: 'field.state', options: commentStateOptions, width: 100 },
        {
          key: 'matched',
          label: 'field.matched',
          width: 160,
          render: (v: string[]) => (
            <Space size={4} wrap>
              {v.map((w) => (
                <Tag key={w} color="gold">
                  {w}
                </Tag>
              ))}
            </Space>
          ),
        },
        { key: 'reason', label: 'field.reason', width: 140 },
        { key: 'createTime', label: 'field.createTime', format: 'datetime', width: 170 },
      ],
      toolbar: [{ key: 'keywords', label: 'action.keywords', icon: <TagsOutlined />, perm: Perm.comment.moderate, run: () => setKeywords(true) }],
      rowActions: [
        {
          key: 'approve',
          label: 'action.approve',
          perm: Perm.comment.moderate,
          visible: (r) => r.state === 'held',
          run: async (r, ctx) => {
            await put(`comment/${r.id}/moderate`, { decision: 'approve', version: r.version });
            success(t('done.moved'));
            ctx.reload();
          },
        },
        { key: 'reject', label: 'action.reject', perm: Perm.comment.moderate, danger: true, visible: (r) => r.state === 'held', run: (r) => setRejecting(r) },
      ],
    }),
    [t],
  );
  return (
    <>
      <ListPage def={def} />
      <ReasonDialog
        open={!!rejecting}
        title={t('reasonTitle')}
        testId="content-comment-reject"
        label={t('field.reason')}
        rule={rejectReason}
        onClose={() => setRejecting(null)}
        onSubmit={async (reason) => {
          await put(`comment/${rejecting!.id}/moderate`, { decision: 'reject', reason, version: rejecting!.version });
          success(t('done.moved'));
          setRejecting(null);
          void invalidateResource(KEY);
        }}
      />
      <KeywordsDialog open={keywords} onClose={() => setKeywords(false)} />
    </>
  );
}
