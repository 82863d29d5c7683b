import { Button, Input, Select, Table, Typography } from 'antd';
import { NoFormStyle } from 'antd/es/form/context';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { emptyRow, rowProblems, type ParamRow, type ParamType } from './params.ts';
import { useJobT } from './i18n.ts';

/** Console-only: the table's props. */
export interface ParamTableProps {
  value?: ParamRow[] | null;
  onChange?: (rows: ParamRow[]) => void;
  id?: string;
  disabled?: boolean;
  /** Shown as "Use the example" when given and the table is empty. */
  example?: () => void;
}

const TYPES: ParamType[] = ['string', 'number', 'boolean', 'json'];

/** The ParamTable of spec 2.4: a job's parameters as name / type / value rows (executeData). */
export function ParamTable({ value, onChange, id, disabled, example }: ParamTableProps) {
  const t = useJobT();
  const rows = value ?? [];
  const problems = rowProblems(rows);
  const problemAt = (index: number, field: 'key' | 'value') => problems.find((p) => p.index === index && p.field === field);
  const patch = (index: number, p: Partial<ParamRow>) => onChange?.(rows.map((r, i) => (i === index ? { ...r, ...p } : r)));
  return (
    <NoFormStyle status override>
      <div id={id} data-testid="param-table">
        <Table<ParamRow>
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={rows}
          locale={{ emptyText: t('params.empty') }}
          columns={[
            {
              key: 'key',
              title: t('params.key'),
              width: '32%',
              render: (_, r, i) => {
                const p = problemAt(i, 'key');
                return (
                  <>
                    <Input
                      size="small"
                      value={r.key}
                      disabled={disabled}
                      status={p ? 'error' : undefined}
                      onChange={(e) => patch(i, { key: e.target.value })}
                      data-testid={`param-key-${i}`}
                    />
                    {p ? (
                      <Typography.Text type="danger" style={{ fontSize: 12 }}>
                        {t(p.key)}
                      </Typography.Text>
                    ) : null}
                  </>
                );
              },
            },
            {
              key: 'type',
              title: t('params.type'),
              width: 110,
              render: (_, r, i) => (
                <Select
                  size="small"
                  value={r.type}
                  disabled={disabled}
                  style={{ width: '100%' }}
                  onChange={(type: ParamType) => patch(i, { type, value: type === 'boolean' ? 'true' : r.value })}
                  options={TYPES.map((x) => ({ value: x, label: t(`params.types.${x}`) }))}
                  data-testid={`param-type-${i}`}
                />
              ),
            },
            {
              key: 'value',
              title: t('params.value'),
              render: (_, r, i) => {
                const p = problemAt(i, 'value');
                return (
                  <>
                    {r.type === 'boolean' ? (
                      <Select
                        size="small"
                        value={r.value}
                        disabled={disabled}
                        style={{ width: '100%' }}
                        onChange={(v: string) => patch(i, { value: v })}
                        options={[
                          { value: 'true', label: 'true' },
                          { value: 'false', label: 'false' },
                        ]}
                        data-testid={`param-value-${i}`}
                      />
                    ) : (
                      <Input
                        size="small"
                        value={r.value}
                        disabled={disabled}
                        status={p ? 'error' : undefined}
                        onChange={(e) => patch(i, { value: e.target.value })}
                        style={r.type === 'json' ? { fontFamily: 'monospace' } : undefined}
                        data-testid={`param-value-${i}`}
                      />
                    )}
                    {p ? (
                      <Typography.Text type="danger" style={{ fontSize: 12 }}>
                        {t(p.key)}
                      </Typography.Text>
                    ) : null}
                  </>
                );
              },
            },
            {
              key: 'remove',
              width: 48,
              render: (_, _r, i) => (
                <Button
                  size="small"
                  type="text"
                  danger
                  disabled={disabled}
                  icon={<DeleteOutlined />}
                  aria-label={t('params.remove')}
                  title={t('params.remove')}
                  onClick={() => onChange?.(rows.filter((_x, j) => j !== i))}
                  data-testid={`param-remove-${i}`}
                />
              ),
            },
          ]}
        />
        <div style={{ marginTop: 8, display: 'flex', gap: 8 }}>
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            disabled={disabled}
            onClick={() => onChange?.([...rows, emptyRow()])}
            data-testid="param-add"
          >
            {t('params.add')}
          </Button>
          {example && !rows.length ? (
            <Button size="small" type="link" disabled={disabled} onClick={example} data-testid="param-example">
              {t('params.useExample')}
            </Button>
          ) : null}
        </div>
      </div>
    </NoFormStyle>
  );
}
