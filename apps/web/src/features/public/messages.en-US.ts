import type { MessagesOf } from '../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  comingLater: 'Coming later',
  comingLaterHint: 'The {{title}} page is being built. Please check back later.',
  back: 'Back',
};
export default messages;
