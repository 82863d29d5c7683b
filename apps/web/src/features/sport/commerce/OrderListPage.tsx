import type { ComponentType } from 'react';
import { ORDER_TYPE_TABS } from '@venue/contract';

/** Being built (issue 10). */
export default function OrderListPage() {
  return null;
}

export type OrderTab = keyof typeof ORDER_TYPE_TABS;
export const ORDER_TAB_PAGES = Object.fromEntries(Object.keys(ORDER_TYPE_TABS).map((k) => [k, OrderListPage])) as unknown as Record<OrderTab, ComponentType>;
