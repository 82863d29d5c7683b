import { Alert, DatePicker, Form, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import type { AgencyContractRow, AgencyStatementDetail, Page } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { api, http } from '../../../app/request.ts';
import { venueToday, type Option } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { useAgencyT } from './agency.shared.ts';
import { refreshReports } from './StatementDrawer.tsx';

/** The organisation's agency contracts as options (filters, the compute dialog). */
export function useContractOptions(): Option[] {
  const list = useQuery({
    queryKey: ['agencyContractOptions'],
    queryFn: () => http.post<Page<AgencyContractRow>>(api.sport('agency/contract/list'), { pageNum: 1, pageSize: 200 }),
    staleTime: 30_000,
  });
  return (list.data?.data ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.stadiumName}` }));
}

/** Computes (or brings up to the ledger) the statement of the period holding a day, then opens it. */
export function ComputeDialog({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: (id: number) => void }) {
  const t = useAgencyT();
  const contracts = useContractOptions();
  const [form] = Form.useForm<{ contractId?: number; day?: Dayjs }>();
  const { busy: saving, submit } = useFormSubmit(form, async (v) => {
    const made = await http.post<AgencyStatementDetail>(api.sport('agency/statement/compute'), {
      contractId: v.contractId,
      day: v.day!.format('YYYY-MM-DD'),
    });
    success(t('statement.computeDone', { from: made.periodStart, to: made.periodEnd }));
    refreshReports();
    onDone(made.id);
  });
  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('statement.computeTitle')}
      okText={t('statement.compute')}
      confirmLoading={saving}
      onOk={() => void submit()}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'agency-compute-ok' } as never}
    >
      <Alert type="info" showIcon title={t('statement.computeHint')} style={{ marginBottom: 12 }} />
      <Form form={form} layout="vertical" name="agency-compute" initialValues={{ contractId: contracts[0]?.value, day: venueToday() }}>
        <Form.Item name="contractId" label={t('field.contractId')} rules={[{ required: true }]}>
          <Select options={contracts} showSearch optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="day" label={t('field.day')} rules={[{ required: true }]}>
          <DatePicker allowClear={false} disabledDate={(d) => d.isAfter(venueToday())} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
