import { Typography } from 'antd';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Perm, type ParticipantRow, type participantPageQuery } from '@venue/contract';
import { api, downloadFile, http } from '../../../../app/request.ts';
import { FILE_TIMEOUT_MS, ListPage, type ResourceDef } from '../../../../kit/index.ts';
import { useCourseOptions } from '../shared.tsx';
import { NS, consentOptions, participantDetailPath, useClassOptions } from './shared.tsx';

const url = (p: string) => api.sport(`course/participant/${p}`);

function Go({ to, children, testId }: { to: string; children: string; testId?: string }) {
  const navigate = useNavigate();
  return (
    <Typography.Link data-testid={testId} onClick={() => navigate(to)}>
      {children}
    </Typography.Link>
  );
}

export const participantResource: ResourceDef<ParticipantRow, Record<string, never>, z.input<typeof participantPageQuery>> = {
  key: 'courseParticipant',
  ns: NS,
  name: 'participant',
  endpoint: { prefix: 'sport', path: 'course/participant' },
  perms: { export: Perm.courseParticipant.export },
  features: { add: false, edit: false, remove: false, batchRemove: false, import: false, detail: false, selection: false },
  api: {
    list: (body) => http.post(url('page'), body),
    export: (body) => downloadFile({ url: url('export'), method: 'POST', data: body, timeout: FILE_TIMEOUT_MS }, 'participants.xlsx'),
  },
  search: [
    { name: 'keyword', label: 'field.keyword', type: 'text' },
    { name: 'courseId', label: 'field.courseId', type: 'select', useOptions: useCourseOptions },
    { name: 'classId', label: 'field.classId', type: 'select', useOptions: useClassOptions },
    { name: 'consent', label: 'field.consent', type: 'select', options: consentOptions },
  ],
  columns: [
    {
      key: 'name',
      label: 'field.name',
      render: (_: unknown, row) => (
        <Go to={participantDetailPath(row.id)} testId={`participant-open-${row.id}`}>
          {row.name}
        </Go>
      ),
    },
    { key: 'memberNo', label: 'field.memberNo', content: 'code' },
    { key: 'phone', label: 'field.phone', content: 'code' },
    {
      key: '$classes',
      label: 'field.classes',
      align: 'right',
      render: (_: unknown, row) => (row.waitlisted ? `${row.classes} (${row.waitlisted})` : row.classes),
    },
    { key: 'lessonsLeft', label: 'field.lessonsLeft', align: 'right', content: 'number' },
    { key: 'attended', label: 'field.attended', align: 'right', content: 'number' },
    { key: 'absent', label: 'field.absent', align: 'right', content: 'number' },
    { key: 'lastAttendedAt', label: 'field.lastAttendedAt', format: 'datetime' },
    { key: 'consent', label: 'field.consent', options: consentOptions },
  ],
};

/** sport.course.participants (trainingCourse/participantsManagement): members in the organisation's training, with export. */
export default function ParticipantsPage() {
  return (
    <div data-testid="participants-page">
      <ListPage def={participantResource as unknown as ResourceDef<ParticipantRow>} />
    </div>
  );
}
