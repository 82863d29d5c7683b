import { useMemo, useState } from 'react';
import { Flex, Typography } from 'antd';
import { StopOutlined, TagsOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Perm, type MemberRow, type memberListQuery } from '@venue/contract';
import { ListPage, useCan, type ResourceDef } from '../../../kit/index.ts';
import { memberApi } from './member.api.ts';
import { FaceDialog, ListAddDialog, TagsDialog } from './MemberDialogs.tsx';
import { fillFromIdCard, memberFields, memberToBody, memberToForm, type MemberForm } from './memberForm.tsx';
import {
  CodeLabel,
  ListMarks,
  NS,
  TagList,
  faceStateOptions,
  identityStateOptions,
  kindOptions,
  listOptions,
  memberPath,
  sourceOptions,
  statusOptions,
} from './shared.tsx';

type Query = z.input<typeof memberListQuery>;
export type MemberDef = ResourceDef<MemberRow, MemberForm, Query>;

interface Actions {
  open: (row: MemberRow) => void;
  tags: (rows: MemberRow[]) => void;
  face: (row: MemberRow) => void;
  list: (rows: MemberRow[]) => void;
}

/** The member resource of the member list (individual and corporate members, `{sport}member`). */
export function memberDef(actions: Actions, canPrivate: boolean): MemberDef {
  return {
    key: 'member',
    ns: NS,
    name: 'member',
    nameField: 'name',
    endpoint: { prefix: 'sport', path: 'member' },
    perms: { add: Perm.member.add, edit: Perm.member.edit, remove: Perm.member.remove, import: Perm.member.import, export: Perm.member.export },
    // The member's own page is the detail (row action "detail" and the name link).
    features: { detail: false },
    defaultSort: { field: 'createTime', order: 'descend' },
    searchVisible: 3,
    search: [
      { name: 'keyword', label: 'field.keyword', placeholder: 'field.keywordHint' },
      { name: 'kind', label: 'field.kind', type: 'select', options: kindOptions },
      { name: 'status', label: 'field.status', type: 'select', options: statusOptions },
      { name: 'level', label: 'field.level' },
      { name: 'tag', label: 'field.tag' },
      { name: 'source', label: 'field.source', type: 'select', options: sourceOptions },
      { name: 'list', label: 'field.list', type: 'select', options: listOptions },
      { name: 'identityState', label: 'field.identityState', type: 'select', options: identityStateOptions },
      { name: 'faceState', label: 'field.faceState', type: 'select', options: faceStateOptions },
      { name: 'register', label: 'field.registerDate', type: 'dateRange', rangeKeys: ['registerBegin', 'registerEnd'] },
    ],
    columns: [
      { key: 'memberNo', label: 'field.memberNo', sorter: true, content: 'code' },
      {
        key: 'name',
        label: 'field.name',
        sorter: true,
        render: (v: string, row) => (
          <Typography.Link
            onClick={(e) => {
              e.stopPropagation();
              actions.open(row);
            }}
            data-testid="member-name"
            data-row-key={row.id}
          >
            {v}
          </Typography.Link>
        ),
      },
      { key: 'phone', label: 'field.phone', content: 'code' },
      { key: 'kind', label: 'field.kind', options: kindOptions, hiddenByDefault: true },
      // Sex and source are in the column settings and the detail: the list keeps its width for names.
      { key: 'sex', label: 'field.sex', dict: 'sys_sex', hiddenByDefault: true },
      { key: 'level', label: 'field.level', sorter: true, dict: 'sport_member_level' },
      { key: 'tags', label: 'field.tags', render: (v: string[]) => <TagList tags={v} /> },
      { key: 'identityState', label: 'field.identityState', options: identityStateOptions },
      { key: 'faceState', label: 'field.faceState', options: faceStateOptions },
      {
        key: 'status',
        label: 'field.status',
        content: 'tag',
        // The status and, below it, the black or white list the member is on (the options size the column).
        options: [...statusOptions, ...listOptions],
        render: (_v, row) => (
          <Flex vertical gap={4} align="flex-start">
            <CodeLabel value={row.status} options={statusOptions} />
            {row.blackListed || row.whiteListed ? (
              <span>
                <ListMarks member={row} />
              </span>
            ) : null}
          </Flex>
        ),
      },
      { key: 'source', label: 'field.source', options: sourceOptions, hiddenByDefault: true },
      { key: 'registerDate', label: 'field.registerDate', format: 'date', sorter: true },
      { key: 'referrerName', label: 'field.referrerName', hiddenByDefault: true },
      { key: 'companyName', label: 'field.company', hiddenByDefault: true },
      { key: 'createTime', label: 'field.createTime', format: 'datetime', sorter: true, hiddenByDefault: true },
      // Named in import reports (columns of the sheet that the table does not show).
      { key: 'birthday', label: 'field.birthday', inTable: false, inDetail: false },
      { key: 'idType', label: 'field.idType', inTable: false, inDetail: false },
      { key: 'idNo', label: 'field.idNo', inTable: false, inDetail: false },
      { key: 'address', label: 'field.address', inTable: false, inDetail: false },
      { key: 'remark', label: 'field.remark', inTable: false, inDetail: false },
    ],
    form: memberFields(canPrivate),
    formColumns: 2,
    formWidth: 820,
    toForm: memberToForm,
    toBody: (values) => memberToBody(values),
    onValuesChange: (changed, all, form) => fillFromIdCard(changed, all, form),
    toolbar: [
      { key: 'tags', label: 'action.tags', icon: <TagsOutlined />, perm: Perm.member.tag, need: 'some', run: (ctx) => actions.tags(ctx.selectedRows) },
      {
        key: 'addToList',
        label: 'action.addToList',
        icon: <StopOutlined />,
        perm: Perm.member.blacklist,
        need: 'some',
        run: (ctx) => actions.list(ctx.selectedRows),
      },
    ],
    inlineActions: 2,
    rowActions: [
      { key: 'detail', label: 'action.detail', run: (row) => actions.open(row) },
      { key: 'face', label: 'action.face', perm: Perm.member.face, visible: (row) => row.kind === 'individual', run: (row) => actions.face(row) },
      { key: 'tags', label: 'action.tags', perm: Perm.member.tag, run: (row) => actions.tags([row]) },
      { key: 'addToList', label: 'action.addToList', perm: Perm.member.blacklist, run: (row) => actions.list([row]) },
    ],
    api: {
      get: (row) => memberApi.get(row.id),
      create: (body) => memberApi.create(body as never),
      update: (row, body) => memberApi.update(row.id, body as MemberForm & { version: number }),
    },
  };
}

/**
 * sport.member.list (member/memberList): members with search, add and edit (the id-card helper
 * fills birthday and sex), delete, import and export, tags for the selected rows, the face image
 * and its review, black and white lists. A member's name or "detail" opens their page.
 */
export default function MemberListPage() {
  const navigate = useNavigate();
  const can = useCan();
  const canPrivate = can(Perm.member.private);
  const [tagging, setTagging] = useState<MemberRow[] | null>(null);
  const [face, setFace] = useState<MemberRow | null>(null);
  const [listing, setListing] = useState<MemberRow[] | null>(null);
  const def = useMemo(
    () =>
      memberDef(
        {
          open: (row) => navigate(memberPath(row.id)),
          tags: setTagging,
          face: setFace,
          list: setListing,
        },
        canPrivate,
      ),
    [navigate, canPrivate],
  );
  return (
    <>
      <ListPage def={def as ResourceDef<MemberRow>} />
      <TagsDialog members={tagging} onClose={() => setTagging(null)} />
      <FaceDialog member={face} onClose={() => setFace(null)} />
      <ListAddDialog open={!!listing} members={listing} onClose={() => setListing(null)} />
    </>
  );
}
