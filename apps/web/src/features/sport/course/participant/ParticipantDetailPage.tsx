import { useState } from 'react';
import { Button, Card, Descriptions, Rate, Spin, Table, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { AttendanceRow, MemberPackageRow, ParticipantDetail } from '@venue/contract';
// The attendance screens' texts (states, methods, package states) are read from their namespace.
import '../attendance/shared.tsx';
import { FacePanel } from './FacePanel.tsx';
import { PARTICIPANT_LIST_PATH, formatTime, participantApi, useParticipantT } from './shared.tsx';

type ClassItem = ParticipantDetail['classList'][number];
type Evaluation = ParticipantDetail['evaluations'][number];

function AttendanceHistory({ id }: { id: number }) {
  const t = useParticipantT();
  const [paging, setPaging] = useState({ pageNum: 1, pageSize: 10 });
  const q = useQuery({
    queryKey: ['course', 'participant', id, 'attendance', paging.pageNum, paging.pageSize],
    queryFn: () => participantApi.attendance(id, paging.pageNum, paging.pageSize),
  });
  return (
    <Table<AttendanceRow>
      rowKey="id"
      size="small"
      data-testid="participant-attendance"
      loading={q.isFetching}
      dataSource={q.data?.data ?? []}
      scroll={{ x: 'max-content' }}
      pagination={{
        current: paging.pageNum,
        pageSize: paging.pageSize,
        total: q.data?.total ?? 0,
        showSizeChanger: true,
        onChange: (pageNum, pageSize) => setPaging({ pageNum, pageSize }),
      }}
      columns={[
        { key: 'lessonStartsAt', dataIndex: 'lessonStartsAt', title: t('field.lessonStartsAt'), render: (v: string) => formatTime(v) },
        { key: 'courseName', dataIndex: 'courseName', title: t('field.courseName') },
        { key: 'className', dataIndex: 'className', title: t('field.className') },
        { key: 'state', dataIndex: 'state', title: t('field.state'), render: (v: string) => t(`courseAttendance:state.${v}`) },
        { key: 'method', dataIndex: 'method', title: t('field.method'), render: (v: string) => t(`courseAttendance:method.${v}`) },
        { key: 'checkedAt', dataIndex: 'checkedAt', title: t('field.checkedAt'), render: (v: string) => formatTime(v) },
      ]}
    />
  );
}

/** sport.course.participantDetail (trainingCourse/participantsDetail/:id): a participant's profile, classes, packages, attendance, ratings and face image. */
export default function ParticipantDetailPage() {
  const t = useParticipantT();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const q = useQuery({ queryKey: ['course', 'participant', id], queryFn: () => participantApi.detail(id), enabled: Number.isFinite(id) });
  const d = q.data;
  if (!d) return <Spin spinning={q.isFetching} />;
  const card = { variant: 'borderless' as const, style: { marginTop: 16 } };
  return (
    <div data-testid="participant-detail">
      <Card variant="borderless" title={`${d.name} · ${d.memberNo}`} extra={<Button onClick={() => navigate(PARTICIPANT_LIST_PATH)}>{t('back')}</Button>}>
        <Descriptions size="small" bordered column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('field.name')}>{d.name}</Descriptions.Item>
          <Descriptions.Item label={t('field.memberNo')}>{d.memberNo}</Descriptions.Item>
          <Descriptions.Item label={t('field.phone')}>{d.phone}</Descriptions.Item>
          <Descriptions.Item label={t('field.level')}>{d.level ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('field.classes')}>{d.classes}</Descriptions.Item>
          <Descriptions.Item label={t('field.lessonsLeft')}>{d.lessonsLeft}</Descriptions.Item>
          <Descriptions.Item label={t('field.attended')}>
            <span data-testid="participant-attended">{d.attended}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('field.absent')}>{d.absent}</Descriptions.Item>
          <Descriptions.Item label={t('field.lastAttendedAt')}>{formatTime(d.lastAttendedAt) || '—'}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card {...card} title={t('face')}>
        <FacePanel id={d.id} face={d.face} />
      </Card>
      <Card {...card} title={t('classes')}>
        <Table<ClassItem>
          rowKey="enrolmentId"
          size="small"
          data-testid="participant-classes"
          dataSource={d.classList}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'courseName', dataIndex: 'courseName', title: t('field.courseName') },
            { key: 'className', dataIndex: 'className', title: t('field.className') },
            {
              key: 'state',
              dataIndex: 'state',
              title: t('field.state'),
              render: (v: string, row) => (
                <Tag color={v === 'enrolled' ? 'green' : 'orange'}>{row.position ? t('waitPosition', { n: row.position }) : t.dynamic('enrolState', v)}</Tag>
              ),
            },
            { key: 'since', dataIndex: 'since', title: t('field.since'), render: (v: string) => formatTime(v) },
          ]}
        />
      </Card>
      <Card {...card} title={t('packages')}>
        <Table<MemberPackageRow>
          rowKey="id"
          size="small"
          data-testid="participant-packages"
          dataSource={d.packageList}
          pagination={false}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'courseName', dataIndex: 'courseName', title: t('field.courseName') },
            { key: 'typeName', dataIndex: 'typeName', title: t('field.typeName') },
            { key: 'left', title: t('field.lessonsLeft'), render: (_: unknown, r) => `${r.lessonsLeft} / ${r.lessons}` },
            { key: 'state', dataIndex: 'state', title: t('field.state'), render: (v: string) => t(`courseAttendance:pkgState.${v}`) },
            { key: 'expiresAt', dataIndex: 'expiresAt', title: t('field.expiresAt'), render: (v: string | null) => formatTime(v) || '—' },
          ]}
        />
      </Card>
      <Card {...card} title={t('attendanceHistory')}>
        <AttendanceHistory id={d.id} />
      </Card>
      <Card {...card} title={t('evaluations')}>
        <Table<Evaluation>
          rowKey="id"
          size="small"
          data-testid="participant-evaluations"
          dataSource={d.evaluations}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          scroll={{ x: 'max-content' }}
          columns={[
            { key: 'lessonStartsAt', dataIndex: 'lessonStartsAt', title: t('field.lessonStartsAt'), render: (v: string) => formatTime(v) },
            { key: 'courseName', dataIndex: 'courseName', title: t('field.courseName') },
            { key: 'className', dataIndex: 'className', title: t('field.className') },
            { key: 'rating', dataIndex: 'rating', title: t('field.rating'), render: (v: number) => <Rate disabled value={v} style={{ fontSize: 14 }} /> },
            { key: 'comment', dataIndex: 'comment', title: t('field.comment'), render: (v: string | null) => v ?? '' },
            { key: 'createTime', dataIndex: 'createTime', title: t('field.createTime'), render: (v: string) => formatTime(v) },
          ]}
        />
      </Card>
    </div>
  );
}
