import { useState } from 'react';
import { Card, Empty, Flex, Input, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { MemberRow, SpreadRow } from '@venue/contract';
import { formatDay, useKitT } from '../../../kit/index.ts';
import { useLang } from '../../../app/prefs.ts';
import { memberApi } from './member.api.ts';
import { CodeLabel, TagList, memberPath, sourceOptions, useMemberT } from './shared.tsx';

/** The members one referrer brought in (`member/list` with `referrerId`). */
function Referred({ referrerId }: { referrerId: number }) {
  const t = useMemberT();
  const lang = useLang();
  const navigate = useNavigate();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const q = useQuery({
    queryKey: ['member', 'referred', referrerId, page],
    queryFn: () => memberApi.list({ referrerId, ...page, sortField: 'registerDate', sortOrder: 'descend' }),
  });
  return (
    <Table<MemberRow>
      rowKey="id"
      scroll={{ x: 'max-content' }}
      size="small"
      loading={q.isFetching}
      dataSource={q.data?.data ?? []}
      data-testid={`spread-referred-${referrerId}`}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spread.none')} /> }}
      pagination={
        (q.data?.total ?? 0) > page.pageSize
          ? { current: page.pageNum, pageSize: page.pageSize, total: q.data?.total ?? 0, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }
          : false
      }
      columns={[
        { key: 'memberNo', dataIndex: 'memberNo', title: t('field.memberNo'), className: 'kit-cell-nowrap' },
        {
          key: 'name',
          dataIndex: 'name',
          title: t('field.name'),
          render: (v: string, r) => <Typography.Link onClick={() => navigate(memberPath(r.id))}>{v}</Typography.Link>,
        },
        { key: 'phone', dataIndex: 'phone', title: t('field.phone'), className: 'kit-cell-nowrap' },
        { key: 'source', dataIndex: 'source', title: t('field.source'), render: (v: string) => <CodeLabel value={v} options={sourceOptions} /> },
        { key: 'tags', dataIndex: 'tags', title: t('field.tags'), render: (v: string[]) => <TagList tags={v} /> },
        {
          key: 'registerDate',
          dataIndex: 'registerDate',
          title: t('field.registerDate'),
          className: 'kit-cell-nowrap',
          render: (v: string) => formatDay(v, lang),
        },
      ]}
    />
  );
}

/**
 * sport.member.spread (userSpread): the referrers with how many members they referred and when
 * last; a row expands to the members it referred.
 */
export default function SpreadPage() {
  const t = useMemberT();
  const tk = useKitT();
  const lang = useLang();
  const navigate = useNavigate();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const q = useQuery({ queryKey: ['member', 'spread', keyword, page], queryFn: () => memberApi.spread({ keyword: keyword || undefined, ...page }) });
  return (
    <Card variant="borderless" data-testid="spread-list">
      <Flex gap={12} align="center" style={{ marginBottom: 16 }} wrap>
        <Input.Search
          allowClear
          placeholder={t('field.keywordHint')}
          style={{ width: 320 }}
          enterButton
          loading={q.isFetching}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPage((p) => ({ ...p, pageNum: 1 }));
            if (v.trim() === keyword) void q.refetch();
          }}
          data-testid="spread-search"
        />
      </Flex>
      <Table<SpreadRow>
        rowKey="id"
        scroll={{ x: 'max-content' }}
        loading={q.isFetching}
        dataSource={q.data?.data ?? []}
        data-testid="spread-table"
        expandable={{ expandedRowRender: (r) => <Referred referrerId={r.id} />, rowExpandable: (r) => r.referredCount > 0 }}
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          showSizeChanger: true,
          showTotal: (n) => tk('total', { total: n }),
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { key: 'memberNo', dataIndex: 'memberNo', title: t('field.memberNo'), className: 'kit-cell-nowrap' },
          {
            key: 'name',
            dataIndex: 'name',
            title: t('spread.referrer'),
            render: (v: string, r) => <Typography.Link onClick={() => navigate(memberPath(r.id))}>{v}</Typography.Link>,
          },
          { key: 'phone', dataIndex: 'phone', title: t('field.phone'), className: 'kit-cell-nowrap' },
          {
            key: 'referredCount',
            dataIndex: 'referredCount',
            title: t('spread.referredCount'),
            align: 'right',
            render: (v: number) => <span data-testid="spread-count">{v}</span>,
          },
          {
            key: 'lastReferredDate',
            dataIndex: 'lastReferredDate',
            title: t('spread.lastReferredDate'),
            className: 'kit-cell-nowrap',
            render: (v: string | null) => (v ? formatDay(v, lang) : ''),
          },
        ]}
      />
    </Card>
  );
}
