import type { MessagesOf } from '../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  name: 'parameter',
  field: {
    code: 'Code',
    name: 'Name',
    type: 'Type',
    subType: 'Sub-type',
    value: 'Value',
    defaultValue: 'Default value',
    sealed: 'Maintain flag',
    builtIn: 'Origin',
    remark: 'Remark',
    updatedAt: 'Updated',
    sealOnAdd: 'Seal after adding',
  },
  sealed: {
    yes: 'Sealed',
    no: 'Editable',
  },
  builtIn: {
    yes: 'Built-in',
    no: 'Custom',
  },
  sealHint: 'A sealed parameter is read-only and keeps its default value; unseal it to edit; recover restores the default and seals it again.',
  err: { codeInvalid: 'Starts with a letter; letters, digits, underscore, dot, dash and colon only' },
  clearCache: 'Clear cache',
  clearCacheConfirm: 'Clear the parameter cache? Every service reads the current values again.',
  cacheCleared: 'Cache cleared',
  deseal: 'Unseal',
  desealConfirm: 'Unseal this parameter? Its value can then be changed.',
  desealed: 'Unsealed: it can be edited now',
  recover: 'Recover',
  recoverConfirm: 'Restore the default value of this parameter? The current value is overwritten and the parameter is sealed again.',
  recovered: 'Default restored and sealed',
};
export default messages;
