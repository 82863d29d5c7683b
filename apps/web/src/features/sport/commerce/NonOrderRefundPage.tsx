import { Perm, type RefundRow } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { commerceApi, refreshCommerce } from './commerce.api.ts';
import { nonOrderRefundBody, nonOrderRefundForm, refundDef, type RefundDef } from './refunds.tsx';

const def: RefundDef = {
  ...refundDef('nonOrderRefund', 'non_order', { kind: 'non_order' }),
  perms: { add: Perm.refund.apply },
  features: { add: true, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false },
  form: nonOrderRefundForm,
  formColumns: 2,
  toBody: (values) => nonOrderRefundBody(values),
  api: {
    ...refundDef('nonOrderRefund', 'non_order', { kind: 'non_order' }).api,
    create: async (body) => {
      const r = await commerceApi.applyNonOrderRefund(body as ReturnType<typeof nonOrderRefundBody>);
      void refreshCommerce();
      return r;
    },
  },
};

/** sport.refund.nonOrderRefund: money paid back that no order holds; apply (payee, phone, amount, method, reason), then review. */
export default function NonOrderRefundPage() {
  return <ListPage def={def as ResourceDef<RefundRow>} />;
}
