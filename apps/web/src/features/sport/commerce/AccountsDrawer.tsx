import { useState } from 'react';
import { Button, Drawer } from 'antd';
import { WalletOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { ACCOUNT_STATUS, Perm, accountCreate, type BalanceAccountRow, type accountListQuery } from '@venue/contract';
import { ListPage, useCan, type ResourceDef } from '../../../kit/index.ts';
import { api, http } from '../../../app/request.ts';
import { commerceApi } from './commerce.api.ts';
import { NS, useCommerceT, yuan } from './shared.tsx';

const statusOptions = ACCOUNT_STATUS.map((s) => ({
  value: s,
  label: `accountStatus.${s}`,
  color: s === 'active' ? 'green' : s === 'frozen' ? 'orange' : 'default',
}));
const A = accountCreate.shape;

/** Stored-value accounts: find one (holder, phone, account no.) and open an empty one; money comes in through a top-up order. */
const accountDef: ResourceDef<BalanceAccountRow, z.input<typeof accountCreate>, z.input<typeof accountListQuery>> = {
  key: 'account',
  ns: NS,
  name: 'account',
  endpoint: { prefix: 'sport', path: 'commerce/account' },
  perms: { add: Perm.account.add },
  features: { edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false },
  search: [{ name: 'keyword', label: 'pay.accountSearch' }],
  columns: [
    { key: 'accountNo', label: 'field.accountNo', content: 'code' },
    { key: 'holderName', label: 'field.holderName' },
    { key: 'holderPhone', label: 'field.holderPhone' },
    { key: 'memberId', label: 'field.memberId', hiddenByDefault: true },
    { key: 'balanceFen', label: 'field.balanceFen', render: (v: number) => yuan(v), content: 'number', align: 'right' },
    { key: 'status', label: 'field.accountStatus', options: statusOptions },
    { key: 'createTime', label: 'field.createTime', format: 'datetime' },
  ],
  form: [
    { name: 'holderName', label: 'field.holderName', rule: A.holderName },
    { name: 'holderPhone', label: 'field.holderPhone', rule: A.holderPhone, type: 'integer', props: { maxLength: 11, asText: true } },
    { name: 'memberId', label: 'field.memberId', rule: A.memberId, type: 'integer' },
  ],
  api: {
    list: (body) => commerceApi.accounts(body),
    get: (row) => commerceApi.account(row.id),
    create: (body) => http.post<BalanceAccountRow>(api.sport('commerce/account'), body),
  },
};

/** The capital-flow screen's 'Stored-value accounts' button and its drawer. */
export function AccountsButton() {
  const t = useCommerceT();
  const can = useCan();
  const [open, setOpen] = useState(false);
  if (!can(Perm.account.list)) return null;
  return (
    <>
      <Button icon={<WalletOutlined />} onClick={() => setOpen(true)} data-testid="ledger-accounts">
        {t('accounts')}
      </Button>
      <Drawer open={open} title={t('accounts')} size={980} onClose={() => setOpen(false)} destroyOnHidden data-testid="accounts-drawer">
        <ListPage def={accountDef as ResourceDef<BalanceAccountRow>} />
      </Drawer>
    </>
  );
}
