import { Image, Switch } from 'antd';
import { Perm, bannerCreate, type BannerRow, type bannerQuery } from '@venue/contract';
import type { z } from 'zod';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { NS, jumpTypeOptions, useContentT } from './shared.tsx';

function OnOff({ on }: { on: boolean }) {
  const t = useContentT();
  return <Switch size="small" checked={on} disabled checkedChildren={t('on')} unCheckedChildren={t('off')} />;
}

const bannerResource: ResourceDef<BannerRow, z.input<typeof bannerCreate>, z.input<typeof bannerQuery>> = {
  key: 'content-banner',
  ns: NS,
  name: 'banner',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'content/banner' },
  perms: { add: Perm.banner.add, edit: Perm.banner.edit, remove: Perm.banner.remove, export: Perm.banner.list },
  features: { import: false, detail: false },
  defaultSort: { field: 'sort', order: 'ascend' },
  search: [{ name: 'name', label: 'field.name' }],
  columns: [
    { key: 'name', label: 'field.name', sorter: true },
    { key: 'carousel', label: 'field.carousel', width: 100, render: (v: boolean) => <OnOff on={v} /> },
    { key: 'image', label: 'field.image', width: 120, render: (v: string) => <Image src={v} height={32} preview={false} alt="" /> },
    { key: 'jumpType', label: 'field.jumpType', options: jumpTypeOptions, width: 110 },
    { key: 'jumpUrl', label: 'field.jumpUrl' },
    { key: 'sort', label: 'field.sort', sorter: true, width: 90 },
  ],
  form: [
    { name: 'name', label: 'field.name', rule: bannerCreate.shape.name },
    { name: 'image', label: 'field.image', rule: bannerCreate.shape.image },
    { name: 'carousel', label: 'field.carousel', type: 'switch', initialValue: true, required: false },
    { name: 'jumpType', label: 'field.jumpType', type: 'select', options: jumpTypeOptions, initialValue: 'none', required: false },
    { name: 'jumpUrl', label: 'field.jumpUrl', required: false, hidden: (v) => !v.jumpType || v.jumpType === 'none' },
    { name: 'sort', label: 'field.sort', type: 'integer', initialValue: 0, required: false },
  ],
};

/** Banners of the app's home page (spec 3 Banner): name, carousel status, image, jump type and address, in order. */
export default function BannerPage() {
  return <ListPage def={bannerResource} />;
}
