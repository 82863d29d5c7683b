import type { MessagesOf } from '../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  name: 'version',
  field: {
    versionNo: 'Version',
    platform: 'Platform',
    content: 'Release notes',
    force: 'Forced update',
    publishedAt: 'Published',
    updatedAt: 'Updated',
  },
  platform: {
    web: 'Console',
    android: 'Android',
    ios: 'iOS',
    h5: 'H5',
    mini: 'Mini program',
  },
  yes: 'Yes',
  no: 'No',
  publish: 'Publish version',
  latest: 'Current version',
  versionHint: 'major.minor.patch, e.g. 2.0.1, higher than the latest published',
  publishedAtHint: 'Empty: published now; a future day schedules the release',
  err: { format: 'A version number looks like major.minor.patch, for example 2.0.1' },
};
export default messages;
