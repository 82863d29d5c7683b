import { useEffect, useState, type CSSProperties } from 'react';
import { Image, Select, Tag, theme } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import {
  MEMBER_FACE_ACTIONS,
  MEMBER_FACE_STATES,
  MEMBER_IDENTITY_STATES,
  MEMBER_KINDS,
  MEMBER_LISTS,
  MEMBER_LIST_STATES,
  MEMBER_SOURCES,
  MEMBER_VISIT_METHODS,
  type MemberRow,
} from '@venue/contract';
import { registerMessages, t as translate, featureT, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { codeOptions, useLabelT, type Option } from '../../../kit/index.ts';
import { memberApi } from './member.api.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The member screens' namespace: one for the feature. */
export const NS = 'member';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;

export function useMemberT(): Translate {
  return useFeatureT<typeof zh>(NS);
}

/** The feature's texts outside a component (table cells the kit measures as text). */
export const mt: Translate = featureT<typeof zh>((key, params) => translate(`${NS}:${key}`, params));

export { yuan } from '../../../kit/pay/money.ts';

/** A member's page (sport.member.userInfo). */
export const memberPath = (id: number) => `/sport/views/userManagement/userInfo/${id}`;
/** The card list, filtered by a member (the card screens read `memberId` from the query). */
export const memberCardsPath = (id: number) => `/sport/views/member/memberCard/index?memberId=${id}`;
/** An order's detail (commerce). */
export const orderPath = (id: number) => `/sport/views/orderManagement/orderDetail/${id}`;

// ---------------------------------------------------------------- options

export const kindOptions = codeOptions(MEMBER_KINDS, 'kind', { individual: 'blue', corporate: 'purple' });
export const sourceOptions = codeOptions(MEMBER_SOURCES, 'source');
export const identityStateOptions = codeOptions(MEMBER_IDENTITY_STATES, 'identityState', {
  none: 'default',
  pending: 'gold',
  approved: 'green',
  rejected: 'red',
});
export const reviewStateOptions = identityStateOptions.filter((o) => o.value !== 'none');
export const faceStateOptions = codeOptions(MEMBER_FACE_STATES, 'faceState', { none: 'default', pending: 'gold', passed: 'green', failed: 'red' });
export const listOptions = codeOptions(MEMBER_LISTS, 'list', { black: 'volcano', white: 'cyan' });
export const listStateOptions = codeOptions(MEMBER_LIST_STATES, 'listState', { live: 'green', expired: 'default', removed: 'default' });
export const faceActionOptions = codeOptions(MEMBER_FACE_ACTIONS, 'faceAction', { upload: 'blue', remove: 'default', pass: 'green', fail: 'red' });
export const visitMethodOptions = codeOptions(MEMBER_VISIT_METHODS, 'visitMethod');
export const statusOptions: Option[] = [
  { value: 0, label: 'status.0', color: 'green' },
  { value: 1, label: 'status.1', color: 'red' },
];

/** A coded value as its tag, for hand-written tables and descriptions. */
export function CodeLabel({ value, options, testId }: { value: string | number | null | undefined; options: Option[]; testId?: string }) {
  const optionLabel = useLabelT(NS);
  if (value === null || value === undefined) return null;
  const o = options.find((x) => x.value === value);
  const label = o ? optionLabel(o.label) : String(value);
  return o?.color ? (
    <Tag color={o.color} data-testid={testId} data-value={value} style={{ marginInlineEnd: 0 }}>
      {label}
    </Tag>
  ) : (
    <span data-testid={testId} data-value={value}>
      {label}
    </span>
  );
}

/** A member's tags. */
export function TagList({ tags }: { tags: readonly string[] }) {
  if (!tags.length) return null;
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'nowrap', gap: 4 }}>
      {tags.map((x) => (
        <Tag key={x} color="processing" style={{ marginInlineEnd: 0 }}>
          {x}
        </Tag>
      ))}
    </span>
  );
}

/** Black / white list marks of a member. */
export function ListMarks({ member }: { member: Pick<MemberRow, 'blackListed' | 'whiteListed'> }) {
  const t = useMemberT();
  return (
    <>
      {member.blackListed ? (
        <Tag color="volcano" data-testid="member-black" style={{ marginInlineEnd: 4 }}>
          {t('detail.onBlack')}
        </Tag>
      ) : null}
      {member.whiteListed ? (
        <Tag color="cyan" data-testid="member-white" style={{ marginInlineEnd: 4 }}>
          {t('detail.onWhite')}
        </Tag>
      ) : null}
    </>
  );
}

/** The last moment of a day (YYYY-MM-DD) in the browser's time zone, as ISO text: "valid until" that day. */
export function endOfDayIso(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(y, m - 1, d, 23, 59, 59, 999).toISOString();
}

// ---------------------------------------------------------------- inputs

/**
 * Picks members by name, phone or member number (`POST member/list` with `keyword`, so it needs
 * only the member list permission). A value not among the found ones is labelled from `GET member/{id}`.
 */
export function MemberPicker({
  id,
  value,
  onChange,
  multiple,
  exclude,
  kind,
  testId = 'member-picker',
  style,
  disabled,
}: {
  id?: string;
  value?: number | number[] | null;
  onChange?: (v: number | number[] | null) => void;
  multiple?: boolean;
  /** Members not offered (the member being edited). */
  exclude?: number[];
  kind?: 'individual' | 'corporate';
  testId?: string;
  style?: CSSProperties;
  disabled?: boolean;
}) {
  const t = useMemberT();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['member', 'picker', keyword, kind ?? ''],
    queryFn: () => memberApi.list({ keyword: keyword.trim() || undefined, kind, pageNum: 1, pageSize: 20 }),
    staleTime: 10_000,
  });
  const single = !multiple && typeof value === 'number' ? value : null;
  const known = found.data?.data.some((m) => m.id === single) ?? false;
  const current = useQuery({
    queryKey: ['member', 'picker', 'one', single],
    queryFn: () => memberApi.get(single!),
    enabled: single !== null && !known && !found.isFetching,
    staleTime: 60_000,
  });
  const rows = [...(found.data?.data ?? [])];
  if (current.data && !rows.some((m) => m.id === current.data.id)) rows.push(current.data);
  const options = rows.filter((m) => !exclude?.includes(m.id)).map((m) => ({ value: m.id, label: `${m.name} · ${m.phone} · ${m.memberNo}` }));
  return (
    <Select
      id={id}
      mode={multiple ? 'multiple' : undefined}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      disabled={disabled}
      style={{ width: '100%', ...style }}
      value={value === null || value === undefined ? undefined : value}
      onChange={(v: number | number[] | undefined) => onChange?.(v ?? null)}
      placeholder={t('field.keywordHint')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? null : undefined}
      options={options}
      data-testid={testId}
    />
  );
}

/**
 * A member's face or photo: fetched with the session (the image is served to signed-in staff only)
 * and shown from an object url, with antd's preview. `stamp` changes when a new image was uploaded.
 */
export function MemberImage({
  memberId,
  which,
  present = true,
  stamp,
  size = 120,
  testId,
}: {
  memberId: number;
  which: 'face' | 'photo';
  present?: boolean;
  stamp?: string | number;
  size?: number;
  testId?: string;
}) {
  const t = useMemberT();
  const { token } = theme.useToken();
  const q = useQuery({
    queryKey: ['member', 'image', memberId, which, stamp ?? ''],
    queryFn: () => memberApi.image(memberId, which),
    enabled: present,
    retry: false,
    staleTime: 60_000,
  });
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (!present || !q.data || /json/.test(q.data.type)) {
      setSrc(null);
      return;
    }
    const u = URL.createObjectURL(q.data);
    setSrc(u);
    return () => URL.revokeObjectURL(u);
  }, [q.data, present]);
  const box: CSSProperties = {
    width: size,
    height: size,
    flex: 'none',
    borderRadius: token.borderRadius,
    border: `1px dashed ${token.colorBorder}`,
    background: token.colorFillQuaternary,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    overflow: 'hidden',
  };
  return (
    <div style={box} data-testid={testId}>
      {src ? (
        <Image src={src} alt={t('face.current')} width={size} height={size} style={{ objectFit: 'cover' }} data-testid={testId ? `${testId}-img` : undefined} />
      ) : (
        <span style={{ color: token.colorTextQuaternary, fontSize: 12, textAlign: 'center' }}>
          <PictureOutlined style={{ fontSize: 20, display: 'block', marginBottom: size < 100 ? 0 : 4 }} />
          {size < 100 ? null : which === 'photo' ? t('photo.none') : t('face.noImage')}
        </span>
      )}
    </div>
  );
}
