import { useState } from 'react';
import { Alert, Button, Flex, Modal, Table, Typography, Upload } from 'antd';
import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { isApiError } from '../app/request.ts';
import { checkImportFile, DEFAULT_IMPORT_LIMIT, formatSize, importReportOf, type ImportRowError } from './file.ts';
import { useKitT } from './kitI18n.ts';

export interface ImportDialogProps {
  /** Test ids: `${id}-import-file` (the file input), `${id}-import-ok`, `${id}-import-template`, `${id}-import-errors`. */
  id: string;
  open: boolean;
  title: string;
  /** Size limit (default 10 MB). */
  limit?: number;
  /** Uploads the file (multipart `file`): resolves on success, rejects with the server's answer. */
  onImport: (file: File) => Promise<unknown>;
  onTemplate?: () => Promise<unknown>;
  /** Column titles for the report's `field` keys. */
  fieldLabel?: (field: string) => string;
  onClose: () => void;
  onDone?: (result: unknown) => void;
}

async function headOf(file: File): Promise<Uint8Array> {
  try {
    return new Uint8Array(await file.slice(0, 512).arrayBuffer());
  } catch {
    return new Uint8Array();
  }
}

/**
 * Import from xlsx or txt: a template to download, the type/size/content checks of spec 5
 * before anything is sent, and, when the server rejects the file (nothing saved), its per-row
 * report [{row, field, message}] in a table.
 */
export function ImportDialog({ id, open, title, limit = DEFAULT_IMPORT_LIMIT, onImport, onTemplate, fieldLabel, onClose, onDone }: ImportDialogProps) {
  const tk = useKitT();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<ImportRowError[] | null>(null);
  const [busy, setBusy] = useState(false);

  const reset = () => {
    setFile(null);
    setProblem(null);
    setErrors(null);
  };

  const choose = async (f: File) => {
    setErrors(null);
    const p = checkImportFile(f, { maxBytes: limit, head: await headOf(f) });
    if (p) {
      setFile(null);
      setProblem(tk(p.key, p.params));
      return;
    }
    setProblem(null);
    setFile(f);
  };

  const start = async () => {
    if (!file) {
      setProblem(tk('importNoFile'));
      return;
    }
    setBusy(true);
    setErrors(null);
    try {
      const result = await onImport(file);
      reset();
      onDone?.(result);
      onClose();
    } catch (err) {
      const report = isApiError(err) ? importReportOf(err.detail) : null;
      if (report) setErrors(report.errors);
    } finally {
      setBusy(false);
    }
  };

  const rows = errors ? new Set(errors.map((e) => e.row)).size : 0;

  return (
    <Modal
      open={open}
      title={title}
      width={errors ? 760 : 560}
      onCancel={() => {
        reset();
        onClose();
      }}
      destroyOnHidden
      mask={{ closable: false }}
      footer={
        <Flex justify="space-between">
          {onTemplate ? (
            <Button icon={<DownloadOutlined />} onClick={() => void onTemplate()} data-testid={`${id}-import-template`}>
              {tk('importTemplate')}
            </Button>
          ) : (
            <span />
          )}
          <Flex gap={8}>
            <Button
              onClick={() => {
                reset();
                onClose();
              }}
            >
              {tk('cancel')}
            </Button>
            <Button type="primary" loading={busy} disabled={!file} onClick={() => void start()} data-testid={`${id}-import-ok`}>
              {tk('importStart')}
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary">{tk('importHint', { max: formatSize(limit) })}</Typography.Paragraph>
      <div data-testid={`${id}-import-drop`}>
        <Upload.Dragger
          accept=".xlsx,.txt"
          multiple={false}
          maxCount={1}
          showUploadList={false}
          beforeUpload={(f) => {
            void choose(f as unknown as File);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">{file ? file.name : tk('importDrag')}</p>
          {file ? <p className="ant-upload-hint">{formatSize(file.size)}</p> : null}
        </Upload.Dragger>
      </div>
      {problem ? <Alert type="error" showIcon title={problem} style={{ marginTop: 12 }} data-testid={`${id}-import-problem`} /> : null}
      {errors ? (
        <div style={{ marginTop: 12 }} data-testid={`${id}-import-errors`}>
          <Alert type="error" showIcon title={tk('importRejected', { rows })} style={{ marginBottom: 8 }} />
          <Table<ImportRowError>
            size="small"
            rowKey={(r) => `${r.row}:${r.field}:${r.message}`}
            dataSource={errors}
            pagination={errors.length > 10 ? { pageSize: 10, size: 'small', showSizeChanger: false } : false}
            columns={[
              { key: 'row', dataIndex: 'row', title: tk('importRow'), width: 80 },
              { key: 'field', dataIndex: 'field', title: tk('importField'), width: 180, render: (f: string) => fieldLabel?.(f) || f },
              { key: 'message', dataIndex: 'message', title: tk('importMessage') },
            ]}
          />
        </div>
      ) : null}
    </Modal>
  );
}
