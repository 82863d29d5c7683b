import { Button, Card, Descriptions, Spin, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { AttendanceRow } from '@venue/contract';
import { PACKAGE_LIST_PATH, attendanceApi, formatTime, packageStateOptions, stateOptions, useAttendanceT, yuan } from './shared.tsx';

const colorOf = (options: { value: unknown; color?: string }[], v: unknown) => options.find((o) => o.value === v)?.color;

/** sport.course.memberPackageDetail (memberClassPackage/detail/:id): a member's package, its lessons left and every lesson it paid. */
export default function PackageDetailPage() {
  const t = useAttendanceT();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const q = useQuery({ queryKey: ['course', 'memberPackage', id], queryFn: () => attendanceApi.detail(id), enabled: Number.isFinite(id) });
  const d = q.data;
  if (!d) return <Spin spinning={q.isFetching} />;
  return (
    <div data-testid="memberClassPackage-detail">
      <Card variant="borderless" title={`${d.memberName} · ${d.typeName}`} extra={<Button onClick={() => navigate(PACKAGE_LIST_PATH)}>{t('back')}</Button>}>
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('field.memberName')}>{d.memberName}</Descriptions.Item>
          <Descriptions.Item label={t('field.memberNo')}>{d.memberNo}</Descriptions.Item>
          <Descriptions.Item label={t('field.courseName')}>{d.courseName}</Descriptions.Item>
          <Descriptions.Item label={t('field.lessonsLeft')}>
            <span data-testid="memberClassPackage-left">
              {d.lessonsLeft} / {d.lessons}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('field.priceFen')}>{yuan(d.priceFen)}</Descriptions.Item>
          <Descriptions.Item label={t('field.state')}>
            <Tag color={colorOf(packageStateOptions, d.state)}>{t.dynamic('pkgState', d.state)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('field.expiresAt')}>{formatTime(d.expiresAt) || '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.noShowConsumes')}>{t(d.noShowConsumes ? 'yesNo.yes' : 'yesNo.no')}</Descriptions.Item>
          <Descriptions.Item label={t('field.orderNo')}>{d.orderNo ?? '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card variant="borderless" title={t('usage')} style={{ marginTop: 16 }}>
        <Table<AttendanceRow>
          rowKey="id"
          size="small"
          data-testid="memberClassPackage-usage"
          dataSource={d.usage}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'lessonStartsAt', dataIndex: 'lessonStartsAt', title: t('field.lessonStartsAt'), render: (v: string) => formatTime(v) },
            { key: 'className', dataIndex: 'className', title: t('field.className') },
            {
              key: 'state',
              dataIndex: 'state',
              title: t('field.state'),
              render: (v: string) => <Tag color={colorOf(stateOptions, v)}>{t.dynamic('state', v)}</Tag>,
            },
            { key: 'method', dataIndex: 'method', title: t('field.method'), render: (v: string) => t.dynamic('method', v) },
            { key: 'consumed', dataIndex: 'consumed', title: t('field.consumed'), render: (v: boolean) => t(v ? 'yesNo.yes' : 'yesNo.no') },
            { key: 'checkedAt', dataIndex: 'checkedAt', title: t('field.checkedAt'), render: (v: string) => formatTime(v) },
          ]}
        />
      </Card>
    </div>
  );
}
