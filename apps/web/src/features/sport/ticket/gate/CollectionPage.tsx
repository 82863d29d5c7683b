import { useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Form, Input, Space, type InputRef } from 'antd';
import type { z } from 'zod';
import { collectionCreate, collectionListQuery, type CollectionFound, type CollectionRow } from '@venue/contract';
import { success } from '../../../../app/feedback.tsx';
import { reactToSaveError } from '../../../../kit/form.ts';
import { ListPage, ScanInput, errorFieldsOf, focusFirstError, useFieldRules, type ListHandle, type ResourceDef } from '../../../../kit/index.ts';
import { CameraScanner } from './CameraScanner.tsx';
import { GATE_NS, formatAt, gateApi, useGateT } from './gate.api.ts';

/**
 * sport.ticket.collection (spec ticketCollection, issue 13 "Ticket collection"): find an e-ticket
 * by its code or QR code (typed, a scanner gun, or the camera), hand over a paper ticket with its
 * number and a remark, once per ticket; the collections below (who, when, paper number, remark).
 */
const collectionResource: ResourceDef<CollectionRow, Record<string, never>, z.input<typeof collectionListQuery>> = {
  key: 'collection',
  ns: GATE_NS,
  name: 'collect.list',
  nameField: 'code',
  endpoint: { prefix: 'sport', path: 'ticket/collection' },
  features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false, selection: false },
  search: [
    { name: 'code', label: 'check.code' },
    { name: 'paperNo', label: 'collect.paperNo' },
  ],
  columns: [
    { key: 'code', label: 'check.code' },
    { key: 'paperNo', label: 'collect.paperNo' },
    { key: 'projectName', label: 'collect.project', ellipsis: true },
    { key: 'sessionName', label: 'check.session', ellipsis: true },
    { key: '$seat', label: 'check.seat', render: (_: unknown, r: CollectionRow) => [r.seatLabel, r.levelName].filter(Boolean).join(' · ') },
    { key: 'remark', label: 'collect.remark', ellipsis: true },
    { key: 'collectedByName', label: 'collect.collectedBy' },
    { key: 'collectedAt', label: 'collect.collectedAt', format: 'datetime' },
  ],
};

export default function CollectionPage() {
  const t = useGateT();
  const [code, setCode] = useState('');
  const [found, setFound] = useState<(CollectionFound & { raw: string }) | null>(null);
  const [busy, setBusy] = useState(false);
  const [form] = Form.useForm<{ paperNo: string; remark?: string }>();
  const input = useRef<InputRef>(null);
  const list = useRef<ListHandle<CollectionRow>>(null);
  const paperRules = useFieldRules({ name: 'paperNo', label: t('collect.paperNo'), rule: collectionCreate.shape.paperNo });
  const remarkRules = useFieldRules({ name: 'remark', label: t('collect.remark'), rule: collectionCreate.shape.remark });

  const find = async (text: string) => {
    const raw = text.trim();
    if (!raw) return;
    setBusy(true);
    try {
      setFound({ ...(await gateApi.findForCollection(raw)), raw });
      form.resetFields();
      setCode('');
    } catch {
      setFound(null);
    } finally {
      setBusy(false);
    }
  };

  const collect = async () => {
    if (!found) return;
    let v: { paperNo: string; remark?: string };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      const row = await gateApi.collect({ code: found.raw, paperNo: v.paperNo, remark: v.remark });
      success(t('collect.done', { code: row.code, paperNo: row.paperNo }));
      setFound({ ...found, collection: row });
      list.current?.reload();
      input.current?.focus();
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };

  const tk = found?.ticket;
  return (
    <div data-testid="collection-page">
      <Card variant="borderless" style={{ marginBottom: 16 }} title={t('collect.title')}>
        <Space wrap size={12}>
          <div style={{ width: 560, maxWidth: '100%' }}>
            <ScanInput
              inputRef={input}
              large
              autoFocus
              value={code}
              onChange={setCode}
              onSubmit={(v) => void find(v)}
              placeholder={t('collect.placeholder')}
              buttonLabel={t('collect.find')}
              loading={busy && !found}
              maxLength={400}
              testId="collection-code"
              buttonTestId="collection-find"
            />
          </div>
          <CameraScanner onCode={(text) => void find(text)} testId="collection-camera" />
        </Space>
        {tk ? (
          <div style={{ marginTop: 16, maxWidth: 720 }} data-testid="collection-ticket" data-code={tk.code}>
            <Descriptions size="small" bordered column={2}>
              <Descriptions.Item label={t('check.code')}>{tk.code}</Descriptions.Item>
              <Descriptions.Item label={t('check.session')}>{`${tk.projectName} · ${tk.sessionName}`}</Descriptions.Item>
              <Descriptions.Item label={t('check.seat')}>{[tk.seatLabel, tk.levelName].filter(Boolean).join(' · ')}</Descriptions.Item>
              <Descriptions.Item label={t('reprint.buyer')}>{tk.buyerName ?? '—'}</Descriptions.Item>
            </Descriptions>
            {found?.collection ? (
              <Alert
                style={{ marginTop: 12 }}
                type="warning"
                showIcon
                data-testid="collection-done"
                title={t('collect.collectedAlready', {
                  at: formatAt(found.collection.collectedAt),
                  paperNo: found.collection.paperNo,
                  by: found.collection.collectedByName ?? '—',
                })}
              />
            ) : tk.state !== 'sold' ? (
              <Alert style={{ marginTop: 12 }} type="error" showIcon title={t('collect.notSold')} />
            ) : (
              <Form form={form} layout="inline" name="collection-form" style={{ marginTop: 12, rowGap: 8 }} onFinish={() => void collect()}>
                <Form.Item name="paperNo" label={t('collect.paperNo')} rules={paperRules} required>
                  <Input maxLength={32} style={{ width: 180 }} />
                </Form.Item>
                <Form.Item name="remark" label={t('collect.remark')} rules={remarkRules}>
                  <Input maxLength={200} style={{ width: 240 }} />
                </Form.Item>
                <Form.Item>
                  <Button type="primary" htmlType="submit" loading={busy} data-testid="collection-submit">
                    {t('collect.collect')}
                  </Button>
                </Form.Item>
              </Form>
            )}
          </div>
        ) : null}
      </Card>
      <ListPage<CollectionRow> def={collectionResource} ref={list} />
    </div>
  );
}
