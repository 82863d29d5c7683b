import type { z } from 'zod';
import type { Page, SeatmapDetail, SeatmapRow, seatmapCreate, seatmapImageAnswer, seatmapListQuery, seatmapUpdate, seatmapVersions } from '@venue/contract';
import { api, http } from '../../../../app/request.ts';

/** The seat-map calls (issue 13): `{sport}ticket/seatmap/...`, typed by the ticket contract. */
const url = (p = '') => api.sport(`ticket/seatmap${p ? `/${p}` : ''}`);

export type SeatmapVersionRow = z.output<typeof seatmapVersions>[number];

export const seatmapApi = {
  list: (body: z.input<typeof seatmapListQuery>) => http.post<Page<SeatmapRow>>(url('list'), body),
  get: (id: number) => http.get<SeatmapDetail>(url(String(id))),
  create: (body: z.input<typeof seatmapCreate>) => http.post<SeatmapDetail>(url(), body),
  save: (id: number, body: z.input<typeof seatmapUpdate>) => http.put<SeatmapDetail>(url(String(id)), body, { timeout: 60_000 }),
  versions: (id: number) => http.get<SeatmapVersionRow[]>(url(`${id}/versions`)),
  uploadImage: (file: File) => {
    const fd = new FormData();
    fd.append('file', file, file.name);
    return http.post<z.output<typeof seatmapImageAnswer>>(url('image'), fd, { timeout: 60_000 });
  },
};

export const SEATMAP_LIST_PATH = '/sport/views/ticketManagement/seatMaps/index';
export const seatmapDesignerPath = (id: number) => `/sport/views/ticketManagement/seatMaps/drawSeat/${id}`;
