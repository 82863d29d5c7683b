import { COACH_LEVELS, SPARRING_CHANGE_ACTIONS, SPARRING_CHANGE_STATES, SPARRING_STATES } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { codeOptions } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

export { formatTime, yuan } from '../../../kit/pay/index.ts';

/** The sparring screens' texts: one namespace for the feature. */
export const NS = 'sparring';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export const useSparringT = (): Translate => useFeatureT<typeof zh>(NS);

export const sparringDetailPath = (orderId: number) => `/sport/views/servicePersonal/rehearsalService/detail/${orderId}`;
export const orderDetailPath = (id: number) => `/sport/views/orderManagement/orderDetail/${id}`;

export const stateOptions = codeOptions(SPARRING_STATES, 'state', { held: 'orange', booked: 'green', released: 'default' });
export const changeStateOptions = codeOptions(SPARRING_CHANGE_STATES, 'changeState', { pending: 'orange', approved: 'green', rejected: 'red' });
export const actionOptions = codeOptions(SPARRING_CHANGE_ACTIONS, 'action', { add: 'blue', edit: 'purple', remove: 'red' });
export const levelOptions = codeOptions(COACH_LEVELS, 'level');
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** Hours and half hours of the day, for the time pickers (`HH:mm`). */
export const HALF_HOURS: string[] = Array.from({ length: 49 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
