import { useMemo, useRef } from 'react';
import { Typography } from 'antd';
import dayjs from 'dayjs';
import { useQuery } from '@tanstack/react-query';
import { DISPLAY_LINK_STATES, Perm, displayLinkCreate, type DisplayLinkRow, type OrgOption, type displayLinkQuery } from '@venue/contract';
import type { z } from 'zod';
import { success } from '../../../app/feedback.tsx';
import { api, http } from '../../../app/request.ts';
import { ListPage, codeOptions, type ListHandle, type ResourceDef, type TreeOption } from '../../../kit/index.ts';
import { NS, useScreenT } from './shared.ts';

const stateOptions = codeOptions(DISPLAY_LINK_STATES, 'state', { active: 'green', revoked: 'default', expired: 'orange' });
type Form = { name: string; orgId: number; expiresOn?: string | null };

/** The organisations the caller may pick (GET {system}org/options), as a tree. */
function useOrgTree(): TreeOption[] {
  const q = useQuery({ queryKey: ['kit', 'org', 'options'], queryFn: () => http.get<OrgOption[]>(api.system('org/options')), staleTime: 60_000 });
  const map = (nodes: OrgOption[] | undefined): TreeOption[] => (nodes ?? []).map((n) => ({ value: n.id, title: n.name, children: map(n.children) }));
  return map(q.data);
}

const fullUrl = (row: DisplayLinkRow) => `${window.location.origin}${row.url}`;

/** Display links of the large data screen: an administrator makes one per organisation, copies it to the display, and revokes it. */
export default function DisplayLinksPage() {
  const t = useScreenT();
  const list = useRef<ListHandle<DisplayLinkRow>>(null);
  const def = useMemo<ResourceDef<DisplayLinkRow, Form, z.input<typeof displayLinkQuery>>>(
    () => ({
      key: 'displayLink',
      ns: NS,
      name: 'link',
      endpoint: { prefix: 'sport', path: 'largescreen/link' },
      perms: { add: Perm.largeScreen.manage },
      features: { edit: false, remove: false, batchRemove: false, import: false, export: false, selection: false },
      api: {
        // The day picked is the last day the link works (to its end, in this browser's zone).
        create: (body) =>
          http.post(api.sport('largescreen/link'), {
            name: body.name,
            orgId: body.orgId,
            expiresAt: body.expiresOn
              ? dayjs(body.expiresOn as string)
                  .endOf('day')
                  .toISOString()
              : null,
          }),
      },
      search: [
        { name: 'name', label: 'field.name' },
        { name: 'state', label: 'field.state', type: 'select', options: stateOptions },
      ],
      columns: [
        { key: 'name', label: 'field.name', width: 160 },
        { key: 'orgName', label: 'field.orgName', width: 160 },
        {
          key: 'url',
          label: 'field.url',
          render: (_: string, r) => (
            <Typography.Text
              copyable={{ text: fullUrl(r), tooltips: [t('action.copy'), t('copied')] }}
              ellipsis
              style={{ maxWidth: 360 }}
              data-testid="display-link-url"
            >
              {fullUrl(r)}
            </Typography.Text>
          ),
        },
        { key: 'state', label: 'field.state', options: stateOptions, width: 100 },
        { key: 'expiresAt', label: 'field.expiresAt', format: 'datetime' },
        { key: 'revokedAt', label: 'field.revokedAt', format: 'datetime', inTable: false },
        { key: 'createdAt', label: 'field.createTime', format: 'datetime' },
      ],
      form: [
        { name: 'name', label: 'field.name', rule: displayLinkCreate.shape.name },
        { name: 'orgId', label: 'field.orgId', type: 'treeSelect', useTree: useOrgTree, required: true },
        { name: 'expiresOn', label: 'field.expiresOn', type: 'date', required: false, props: { disabledDate: (d: dayjs.Dayjs) => d.isBefore(dayjs(), 'day') } },
      ],
      rowActions: [
        { key: 'open', label: 'action.open', visible: (r) => r.state === 'active', run: (r) => void window.open(fullUrl(r), '_blank', 'noopener') },
        {
          key: 'revoke',
          label: 'action.revoke',
          perm: Perm.largeScreen.manage,
          danger: true,
          confirm: 'revokeConfirm',
          visible: (r) => r.state === 'active',
          run: async (r) => {
            await http.post(api.sport(`largescreen/link/${r.id}/revoke`));
            success(t('revoked'));
            list.current?.reload();
          },
        },
      ],
    }),
    [t],
  );
  return <ListPage def={def} ref={list} />;
}
