import type { z } from 'zod';
import type { GateLogRow, gateLogListQuery } from '@venue/contract';
import { sessionStore } from '../../../app/session.ts';
import { ListPage, clockIn, useVenueOptions, type ResourceDef } from '../../../kit/index.ts';
import { NS, reasonOptions, resultOptions, useGateOptions } from './shared.tsx';

/** An instant on the current venue's clock, as text (the list measures the column by it). */
const venueClock = (at: string): string => clockIn(at, sessionStore.get().venue?.timeZone);

export const gateLogResource: ResourceDef<GateLogRow, GateLogRow, z.input<typeof gateLogListQuery>> = {
  key: 'gateLog',
  ns: NS,
  name: 'event',
  endpoint: { prefix: 'sport', path: 'equipment/gate/log' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false },
  search: [
    { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions },
    { name: 'deviceId', label: 'field.deviceId', type: 'select', useOptions: useGateOptions },
    { name: 'day', label: 'field.day', type: 'date' },
    { name: 'result', label: 'field.result', type: 'select', options: resultOptions },
    { name: 'pin', label: 'field.pin' },
  ],
  searchVisible: 4,
  defaultSort: { field: 'occurredTime', order: 'descend' },
  columns: [
    // The venue's clock, whatever the browser's (a gate's time is the venue's).
    { key: 'occurredTime', label: 'field.occurredTime', content: 'time', sorter: true, render: (v: string) => venueClock(v) },
    { key: 'deviceName', label: 'field.deviceName' },
    { key: 'stadiumName', label: 'field.stadiumName' },
    { key: 'pin', label: 'field.pin', content: 'code' },
    { key: 'personName', label: 'field.personName' },
    { key: 'result', label: 'field.result', options: resultOptions },
    { key: 'reason', label: 'field.reason', options: reasonOptions },
    { key: 'grantedBy', label: 'field.grantedBy', content: 'code' },
    { key: 'opened', label: 'field.opened', format: 'yesNo' },
    { key: 'source', label: 'field.source', content: 'code', hiddenByDefault: true },
    { key: 'receivedTime', label: 'field.receivedTime', content: 'time', sorter: true, hiddenByDefault: true, render: (v: string) => venueClock(v) },
  ],
};

/** sport.gate.log (gateAccessLog): every event the gates pushed, stored once, with its decision. */
export default function GateAccessLogPage() {
  return <ListPage def={gateLogResource} />;
}
