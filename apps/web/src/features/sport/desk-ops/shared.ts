import { registerMessages, useFeatureT } from '../../../app/i18n.ts';
import { codeOptions } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The desk-ops screens' namespace and options (labels are keys of it). */
export const NS = 'deskops';
registerMessages(NS, zh, en);
export const useDeskT = () => useFeatureT<typeof zh>(NS);

export const categoryOptions = codeOptions(['bug', 'suggestion', 'complaint', 'other'], 'category');
export const feedbackStatusOptions = codeOptions(['pending', 'processing', 'done'], 'status', { pending: 'orange', processing: 'blue', done: 'green' });
export const workStateOptions = codeOptions(['open', 'inProgress', 'done', 'closed'], 'state', {
  open: 'orange',
  inProgress: 'blue',
  done: 'green',
  closed: 'default',
});
export const incidentStateOptions = codeOptions(['open', 'closed'], 'incidentState', { open: 'orange', closed: 'green' });
export const incidentKindOptions = codeOptions(['injury', 'damage', 'other'], 'kind', { injury: 'red', damage: 'volcano' });
export const queueStateOptions = codeOptions(['waiting', 'called', 'served', 'skipped'], 'queueState', { called: 'blue', served: 'green', skipped: 'default' });
export const bindKindOptions = codeOptions(['course', 'goods', 'venue', 'content'], 'bindKind');
