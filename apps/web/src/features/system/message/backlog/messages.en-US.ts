import type { MessagesOf } from '../../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  name: 'to-do',
  field: {
    title: 'Title',
    content: 'Content',
    initiator: 'Initiator',
    status: 'Status',
    startTime: 'Started',
    completeTime: 'Completed',
  },
  status: { all: 'All', incomplete: 'Incomplete', complete: 'Complete' },
  system: 'System',
  complete: 'Complete',
  reopen: 'Reopen',
  open: 'Open',
  completed: '{{count}} to-dos completed',
  disabled: 'To-do messages are switched off: an administrator turns them on with the system parameter message.backlog.enabled.',
};
export default messages;
