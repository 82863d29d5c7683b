import type { MessagesOf } from '../../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  name: 'station message',
  field: {
    title: 'Title',
    type: 'Type',
    content: 'Content',
    read: 'Status',
    createTime: 'Received',
    readTime: 'Read at',
  },
  read: { read: 'Read', unread: 'Unread' },
  markRead: 'Mark read',
  markAllRead: 'Mark all read',
  open: 'Open',
  markedRead: '{{count}} marked read',
  type: {
    booking: { cancelled: 'Booking cancelled', closureCancelled: 'Booking cancelled by closure' },
    card: { expiring: 'Card about to expire' },
    job: { failed: 'Job failed' },
    order: { refunded: 'Order refunded' },
    notice: 'Notice',
  },
};
export default messages;
