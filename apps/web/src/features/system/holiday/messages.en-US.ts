import type { MessagesOf } from '../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  title: 'Holidays',
  year: '{{year}}',
  prevYear: 'Previous year',
  nextYear: 'Next year',
  thisYear: 'This year',
  months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  weekdays: ['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su'],
  kind: {
    work: 'Work day',
    nonWork: 'Non-work day',
    pending: 'Pending',
  },
  mark: {
    work: 'W',
    nonWork: 'H',
  },
  legend: 'Legend',
  legendInherited: 'Pending (parent organisation: {{kind}})',
  legendMakeUp: 'Make-up work day on a weekend',
  legendToday: 'Today',
  counts: '{{work}} work days · {{nonWork}} non-work days · {{pending}} pending',
  hint: 'Click a day, or drag across days to select a run; hold Ctrl (⌘) to add more. Then choose the kind above.',
  selected: '{{n}} days selected',
  setAs: 'Set as:',
  clear: 'Clear selection',
  init: 'Initialise year',
  initOverwrite: 'Re-initialise (overwrite every day)',
  initConfirm:
    'Initialise {{year}}? Saturdays and Sundays become non-work days and Monday to Friday work days; days already set (holidays, make-up work days) stay as they are.',
  initOverwriteConfirm:
    'Re-initialise {{year}}? Every day of the year is set again: Saturdays and Sundays non-work, Monday to Friday work. Holidays and make-up work days already set are overwritten.',
  initDone: 'Initialised: {{work}} work days, {{nonWork}} non-work days',
  saved: '{{n}} days set to {{kind}}',
  readOnly: 'You may not change the holiday calendar; it is shown read-only.',
  dayTitle: '{{day}} ({{weekday}}): {{kind}}',
};
export default messages;
