/**
 * The pay component (payComponent/payMethod), shared by every business module that sells: the pay
 * dialog, the stored-value account picker, the money helpers and the commerce calls they make.
 * Kept apart from `kit/index.ts` so screens that take no payment do not load the QR code library.
 */
export { PayDialog, POLL_MS, type PayDialogProps } from './PayDialog.tsx';
export { AccountSelect, type AccountSelectProps } from './AccountSelect.tsx';
export { formatTime, toFen, yuan } from './money.ts';
export { idem, newIdempotencyKey, orderKey, payApi, refreshCommerce } from './pay.api.ts';
export { PAY_NS, PayCodeLabel, payMethodOptions, payOrderStateOptions, payRefundStateOptions, payStateOptions, usePayT } from './payI18n.tsx';
