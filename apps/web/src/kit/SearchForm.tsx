import { useLayoutEffect } from 'react';
import { Button, Col, Flex, Form, Row as GridRow } from 'antd';
import { DownOutlined, ReloadOutlined, SearchOutlined, UpOutlined } from '@ant-design/icons';
import { FieldItem } from './fields.tsx';
import { useKitT } from './kitI18n.ts';
import { searchFilters } from './query.ts';
import type { FieldDef } from './types.ts';

export interface SearchFormProps {
  /** Test ids and the form name: `${id}-search`, `${id}-reset`, inputs `${id}-search_${field}`. */
  id: string;
  ns: string;
  fields: FieldDef[];
  /** Fields shown while collapsed (default 3). */
  visible?: number;
  expanded: boolean;
  onExpandedChange: (v: boolean) => void;
  /** The form's values to start from (kept per tab). */
  initialValues?: Record<string, unknown>;
  /** Search: the form's values and the filters to send. */
  onSearch: (filters: Record<string, unknown>, values: Record<string, unknown>) => void;
  onReset: () => void;
  loading?: boolean;
}

/** The collapsible search form of a list page: fields in a grid, Search and Reset. */
export function SearchForm({ id, ns, fields, visible = 3, expanded, onExpandedChange, initialValues, onSearch, onReset, loading }: SearchFormProps) {
  const tk = useKitT();
  const [form] = Form.useForm();
  const collapsible = fields.length > visible;
  const shown = collapsible && !expanded ? fields.slice(0, visible) : fields;

  useLayoutEffect(() => {
    if (initialValues) form.setFieldsValue(initialValues);
    // Only when the screen mounts: later the form holds the truth.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the screen mounts: afterwards the form holds the truth
  }, []);

  const submit = () => {
    const values = form.getFieldsValue(true) as Record<string, unknown>;
    onSearch(searchFilters(values, fields), values);
  };

  return (
    <Form form={form} name={`${id}-search`} layout="horizontal" onFinish={submit} className="kit-search-form">
      <GridRow gutter={[16, 0]}>
        {shown.map((f) => (
          <Col key={f.name} xs={24} sm={12} lg={8} xxl={6}>
            <FieldItem field={f} ns={ns} mode="search" form={form} noRules />
          </Col>
        ))}
        <Col flex="auto">
          <Flex justify="flex-end" gap={8} style={{ marginBottom: 16 }}>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />} loading={loading} data-testid={`${id}-search`}>
              {tk('search')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              data-testid={`${id}-reset`}
              onClick={() => {
                form.resetFields();
                for (const f of fields) form.setFieldValue(f.name, f.initialValue);
                onReset();
              }}
            >
              {tk('reset')}
            </Button>
            {collapsible ? (
              <Button type="link" onClick={() => onExpandedChange(!expanded)} data-testid={`${id}-search-toggle`} style={{ paddingInline: 4 }}>
                {expanded ? tk('collapse') : tk('expand')} {expanded ? <UpOutlined /> : <DownOutlined />}
              </Button>
            ) : null}
          </Flex>
        </Col>
      </GridRow>
    </Form>
  );
}
