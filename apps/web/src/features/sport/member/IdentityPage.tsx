import { useMemo, useState } from 'react';
import { Typography } from 'antd';
import { IdcardOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Perm, type IdentityRow, type identityListQuery } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { memberApi } from './member.api.ts';
import { IdentityImages, IdentityReviewDialog, IdentitySubmitDialog } from './IdentityDialogs.tsx';
import { NS, memberPath, reviewStateOptions } from './shared.tsx';

type IdentityDef = ResourceDef<IdentityRow, object, z.input<typeof identityListQuery>>;

/**
 * sport.member.identity (member/identityAuthentication): identity checks by state; submit one for
 * a member; the detail; approve or reject a pending one with a remark (review permission).
 */
export default function IdentityPage() {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [reviewing, setReviewing] = useState<IdentityRow | null>(null);
  const def = useMemo<IdentityDef>(
    () => ({
      key: 'identity',
      ns: NS,
      name: 'identityCheck',
      endpoint: { prefix: 'sport', path: 'member/identity' },
      features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false, selection: false },
      defaultSort: { field: 'createTime', order: 'descend' },
      search: [
        { name: 'keyword', label: 'field.keyword', placeholder: 'field.keywordHint' },
        { name: 'state', label: 'identity.state', type: 'select', options: reviewStateOptions },
      ],
      columns: [
        { key: 'memberNo', label: 'field.memberNo', content: 'code' },
        {
          key: 'memberName',
          label: 'identity.memberName',
          render: (v: string, row) => (
            <Typography.Link onClick={() => navigate(memberPath(row.memberId))} data-testid="identity-member" data-row-key={row.id}>
              {v}
            </Typography.Link>
          ),
        },
        { key: 'realName', label: 'identity.realName' },
        { key: 'idType', label: 'identity.idType', dict: 'sys_id_type' },
        { key: 'idNo', label: 'identity.idNo', content: 'code' },
        { key: 'state', label: 'identity.state', options: reviewStateOptions },
        { key: 'submittedByName', label: 'identity.submittedBy' },
        { key: 'createTime', label: 'identity.createTime', format: 'datetime', sorter: true },
        { key: 'reviewedByName', label: 'identity.reviewedBy', hiddenByDefault: true },
        { key: 'reviewTime', label: 'identity.reviewTime', format: 'datetime', hiddenByDefault: true },
        { key: 'reviewRemark', label: 'identity.remark', hiddenByDefault: true, detailSpan: 2 },
        { key: 'images', label: 'identity.images', inTable: false, detailSpan: 2, render: (_v: string[], row) => <IdentityImages row={row} /> },
      ],
      toolbar: [
        { key: 'submit', label: 'identity.submit', icon: <IdcardOutlined />, primary: true, perm: Perm.member.identity, run: () => setSubmitting(true) },
      ],
      rowActions: [
        { key: 'review', label: 'action.review', perm: Perm.member.review, visible: (row) => row.state === 'pending', run: (row) => setReviewing(row) },
      ],
      api: {
        list: (body) => memberApi.identities(body),
        get: (row) => memberApi.identity(row.id),
      },
    }),
    [navigate],
  );
  return (
    <>
      <ListPage def={def as ResourceDef<IdentityRow>} />
      <IdentitySubmitDialog open={submitting} onClose={() => setSubmitting(false)} />
      <IdentityReviewDialog row={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
