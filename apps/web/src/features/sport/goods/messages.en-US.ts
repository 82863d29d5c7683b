import type { MessagesOf } from '../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  pendingTitle: 'Screen on its way',
  pendingText: 'The server calls for goods, categories and stock are in place; this screen follows.',
};
export default messages;
