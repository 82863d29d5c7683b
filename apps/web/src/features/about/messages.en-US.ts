import type { MessagesOf } from '../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  title: 'About us',
  productName: '$t(app:product.name)',
  description:
    'The back-office console for sports venue operators and staff: system administration, job scheduling, third-party access, messaging and logs, and the venue business — members, bookings, ticketing, training, orders, settlement and statistics.',
  version: 'Version',
  copyright: 'Copyright',
  copyrightText: '© 2020 $t(app:product.name)',
  languages: 'Languages',
  languagesValue: '简体中文, English',
  themes: 'Themes',
  themesValue: 'Default, dark',
};
export default messages;
