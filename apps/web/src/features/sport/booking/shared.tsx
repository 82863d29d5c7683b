import type { CSSProperties } from 'react';
import { Tag, theme } from 'antd';
import type { SlotState } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The booking screens' texts: one namespace for the feature (grid, check-in, detail). */
export const NS = 'booking';
registerMessages(NS, zh, en);

/** The grid and the day's plan are polled this often while their screen is shown (another operator's booking appears). */
export const GRID_POLL_MS = 5000;

/** A booking's detail screen (sport.venue.orderDetails). */
export const bookingDetailPath = (orderId: number) => `/sport/views/venueReserve/orderDetails/${orderId}`;

export type Translate = FeatureT<typeof zh>;

export function useBookingT(): Translate {
  return useFeatureT<typeof zh>(NS);
}

export const SHOWN_STATES: readonly SlotState[] = ['free', 'held', 'booked', 'locked', 'closed', 'past'];

/**
 * A cell's look per state, from the antd theme's tokens so it reads in the light and the dark
 * theme alike: free is green, held (awaiting payment) amber, booked red, locked grey, closed and
 * past faded; a course lesson's cell purple; a selected cell is the primary colour.
 */
export function useCellStyles(): {
  of: (state: SlotState, selected: boolean) => CSSProperties;
  course: CSSProperties;
  focus: string;
  header: CSSProperties;
  shade: string;
} {
  const { token } = theme.useToken();
  const base: Record<SlotState, CSSProperties> = {
    free: { background: token.colorSuccessBg, borderColor: token.colorSuccessBorder, color: token.colorText, cursor: 'pointer' },
    held: { background: token.colorWarningBg, borderColor: token.colorWarningBorder, color: token.colorWarningText, cursor: 'pointer' },
    booked: { background: token.colorErrorBg, borderColor: token.colorErrorBorder, color: token.colorErrorText, cursor: 'pointer' },
    locked: { background: token.colorFillSecondary, borderColor: token.colorBorder, color: token.colorTextSecondary, cursor: 'pointer' },
    closed: { background: token.colorFillQuaternary, borderColor: token.colorBorderSecondary, color: token.colorTextDisabled },
    past: { background: token.colorFillTertiary, borderColor: token.colorBorderSecondary, color: token.colorTextTertiary },
  };
  const selected: CSSProperties = { background: token.colorPrimary, borderColor: token.colorPrimary, color: token.colorTextLightSolid, cursor: 'pointer' };
  return {
    of: (state, sel) => (sel ? selected : base[state]),
    // A cell a course lesson holds: purple (the palette follows the theme's algorithm, light or dark), apart from bookings' red.
    course: { background: token.purple1, borderColor: token.purple4, color: token.purple7, cursor: 'pointer' },
    // The keyboard focus: the text colour, which stands out on every cell colour in both themes.
    focus: token.colorText,
    // The scroll cue's shadow: dark on the light theme, a light haze on the dark one.
    shade: token.colorTextQuaternary,
    // Headers stay in view over the scrolled cells: opaque (the fill colours are translucent), and
    // their shadow fills the gaps between cells, so nothing shows through.
    header: {
      backgroundColor: token.colorBgContainer,
      backgroundImage: `linear-gradient(${token.colorFillAlter}, ${token.colorFillAlter})`,
      color: token.colorTextHeading,
      borderColor: token.colorBorderSecondary,
      boxShadow: `0 0 0 3px ${token.colorBgContainer}`,
    },
  };
}

const ORDER_COLORS: Record<string, string> = {
  pending: 'gold',
  paid: 'green',
  completed: 'blue',
  cancelled: 'default',
  part_refunded: 'purple',
  refunded: 'magenta',
};
const CLAIM_COLORS: Record<string, string> = { held: 'gold', booked: 'blue', used: 'green', no_show: 'red', locked: 'default', released: 'default' };

/** An order's state as a tag. */
export function OrderStateTag({ state, testId }: { state: string; testId?: string }) {
  const t = useBookingT();
  return (
    <Tag color={ORDER_COLORS[state]} data-testid={testId} data-value={state}>
      {t.dynamic('orderState', state)}
    </Tag>
  );
}

/** A claim's (a booked slot's) state as a tag. */
export function ClaimStateTag({ state, testId }: { state: string; testId?: string }) {
  const t = useBookingT();
  return (
    <Tag color={CLAIM_COLORS[state]} data-testid={testId} data-value={state}>
      {t.dynamic('claimState', state)}
    </Tag>
  );
}
