import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Perm, seatmapCreate, type SeatmapRow, type seatmapListQuery, type seatmapUpdate } from '@venue/contract';
import { ListPage, type ResourceDef, useVenueOptions } from '../../../../kit/index.ts';
import { emptyDocument } from './seatmap.geometry.ts';
import { seatmapDesignerPath } from './seatmap.api.ts';
import { NS } from './shared.ts';

/**
 * Seat maps (issue 13, spec ticketManagement/seatMaps): the list of the organisation's maps with
 * their latest version and seat count. Add names a new blank map; Design (edit) opens the designer.
 */
type SeatmapForm = z.input<typeof seatmapCreate> & z.input<typeof seatmapUpdate>;

function VenueName({ id }: { id: number | null }) {
  const options = useVenueOptions();
  if (id === null) return <>—</>;
  return <>{options.find((o) => o.value === id)?.label ?? id}</>;
}

export default function SeatmapListPage() {
  const navigate = useNavigate();
  const def = useMemo<ResourceDef<SeatmapRow, SeatmapForm, z.input<typeof seatmapListQuery>>>(
    () => ({
      key: 'seatmap',
      ns: NS,
      name: 'seatmap',
      nameField: 'name',
      endpoint: { prefix: 'sport', path: 'ticket/seatmap' },
      perms: { add: Perm.ticket.seatmap, remove: Perm.ticket.seatmap },
      features: { edit: false, export: false, import: false, detail: false },
      search: [{ name: 'name', label: 'field.name' }],
      columns: [
        { key: 'name', label: 'field.name' },
        { key: 'venueId', label: 'field.venue', render: (v: number | null) => <VenueName id={v} /> },
        { key: 'version', label: 'field.version', render: (v: number) => `v${v}` },
        { key: 'seatCount', label: 'field.seatCount' },
        { key: 'updateTime', label: 'field.updateTime', format: 'datetime' },
      ],
      form: [
        { name: 'name', label: 'field.name', rule: seatmapCreate.shape.name },
        { name: 'venueId', label: 'field.venue', type: 'select', useOptions: useVenueOptions, required: false },
      ],
      // A new map starts blank: its first version is drawn in the designer.
      toBody: (values) => ({ ...values, document: emptyDocument() }),
      rowActions: [{ key: 'edit', label: 'design', perm: Perm.ticket.seatmap, run: (row) => navigate(seatmapDesignerPath(row.id)) }],
    }),
    [navigate],
  );
  return <ListPage def={def} />;
}
