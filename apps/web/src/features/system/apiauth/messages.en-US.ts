import type { MessagesOf } from '../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  api: 'API route',
  field: {
    method: 'Method',
    url: 'Path',
    module: 'Module',
    action: 'Action',
    permission: 'Menu permission',
    roles: 'Granted roles',
    roleId: 'Granted role',
    granted: 'Grants',
    grantable: 'Grantable',
    remark: 'Remark',
  },
  granted: { yes: 'Granted to roles', no: 'Not granted (menu permission)' },
  anyUser: 'Any signed-in user',
  public: 'Public',
  platformOnly: 'Platform organisation only',
  byMenu: 'By menu permission',
  editRoles: 'Grant roles',
  editRolesTitle: 'Roles for {{method}} {{url}}',
  rolesHint:
    'With roles chosen, only holders of one of them (or the super administrator) may call this route and the menu permission no longer counts; with none, the menu permission decides again.',
  notGrantable: 'Public routes and routes open to any signed-in user cannot be granted',
  saved: 'Saved',
};
export default messages;
