import { useMemo, useState } from 'react';
import { Drawer, Tabs, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { Perm, type MemberRow } from '@venue/contract';
import { ListPage, useCan, type ResourceDef } from '../../../kit/index.ts';
import { memberApi } from './member.api.ts';
import type { MemberDef } from './MemberListPage.tsx';
import { EntrantsPanel } from './EntrantsPanel.tsx';
import { MemberCards } from './MemberCards.tsx';
import { corporateFields, memberToBody, memberToForm } from './memberForm.tsx';
import { NS, TagList, memberPath, statusOptions, useMemberT } from './shared.tsx';

const EXTRA = { kind: 'corporate' } as const;

/** A company's entrants and, once member cards exist, its distribute log. */
function CompanyDrawer({ company, onClose }: { company: MemberRow | null; onClose: () => void }) {
  const t = useMemberT();
  const can = useCan();
  return (
    <Drawer
      open={!!company}
      title={t('enterprise.entrantsTitle', { name: company?.name ?? '' })}
      size={980}
      onClose={onClose}
      destroyOnHidden
      data-testid="enterprise-entrants"
    >
      {company ? (
        <Tabs
          items={[
            {
              key: 'entrants',
              label: <span data-testid="enterprise-tab-entrants">{t('enterprise.tabEntrants')}</span>,
              children: <EntrantsPanel company={company} />,
            },
            ...(can(Perm.card.list)
              ? [
                  {
                    key: 'distribute',
                    label: <span data-testid="enterprise-tab-distribute">{t('enterprise.tabDistribute')}</span>,
                    children: <MemberCards memberId={company.id} distributions />,
                  },
                ]
              : []),
          ]}
        />
      ) : null}
    </Drawer>
  );
}

/**
 * sport.member.enterprise (corporate members, corporateMemberDetail): companies with their credit
 * code and contact; add and edit; a company's entrants (add existing or new members, remove).
 */
export default function EnterprisePage() {
  const navigate = useNavigate();
  const can = useCan();
  const canPrivate = can(Perm.member.private);
  const [company, setCompany] = useState<MemberRow | null>(null);
  const def = useMemo<MemberDef>(
    () => ({
      key: 'enterprise',
      ns: NS,
      name: 'corporate',
      nameField: 'name',
      endpoint: { prefix: 'sport', path: 'member' },
      perms: { add: Perm.member.add, edit: Perm.member.edit },
      features: { remove: false, batchRemove: false, export: false, import: false, detail: false, selection: false },
      defaultSort: { field: 'createTime', order: 'descend' },
      search: [
        { name: 'keyword', label: 'field.keyword', placeholder: 'field.keywordHint' },
        { name: 'status', label: 'field.status', type: 'select', options: statusOptions },
        { name: 'tag', label: 'field.tag' },
      ],
      columns: [
        { key: 'memberNo', label: 'field.memberNo', sorter: true, content: 'code' },
        {
          key: 'name',
          label: 'field.companyName',
          sorter: true,
          render: (v: string, row) => (
            <Typography.Link onClick={() => navigate(memberPath(row.id))} data-testid="enterprise-name" data-row-key={row.id}>
              {v}
            </Typography.Link>
          ),
        },
        { key: 'creditCode', label: 'field.creditCode', content: 'code' },
        { key: 'contactName', label: 'field.contactName' },
        { key: 'phone', label: 'field.contactPhone', content: 'code' },
        { key: 'level', label: 'field.level', dict: 'sport_member_level' },
        { key: 'tags', label: 'field.tags', render: (v: string[]) => <TagList tags={v} /> },
        { key: 'registerDate', label: 'field.registerDate', format: 'date', sorter: true },
        { key: 'status', label: 'field.status', options: statusOptions },
        { key: 'address', label: 'field.address', hiddenByDefault: true },
      ],
      form: corporateFields(canPrivate),
      formColumns: 1,
      toForm: memberToForm,
      toBody: (values, mode) => ({ ...memberToBody(values), ...(mode === 'add' ? { kind: 'corporate', source: 'desk' } : {}) }),
      inlineActions: 3,
      rowActions: [
        { key: 'entrants', label: 'action.entrants', run: (row) => setCompany(row) },
        { key: 'detail', label: 'action.detail', run: (row) => navigate(memberPath(row.id)) },
      ],
      api: {
        get: (row) => memberApi.get(row.id),
        create: (body) => memberApi.create(body as never),
        update: (row, body) => memberApi.update(row.id, body as never),
      },
    }),
    [navigate, canPrivate],
  );
  return (
    <>
      <ListPage def={def as ResourceDef<MemberRow>} extraFilters={EXTRA} />
      <CompanyDrawer company={company} onClose={() => setCompany(null)} />
    </>
  );
}
