import type { ReactNode } from 'react';
import { Form, Modal } from 'antd';
import { useFormSubmit } from '../../../kit/form.ts';

/** A small form in a dialog for one action on a row (answer, finish, follow up, bind): saves, then closes. */
export function ActionDialog<V extends object>(props: {
  title: string;
  testId: string;
  open: boolean;
  onClose: () => void;
  save: (values: V) => Promise<unknown>;
  initialValues?: Partial<V>;
  children: ReactNode;
}) {
  const [form] = Form.useForm<V>();
  const { busy, submit } = useFormSubmit(form, async (values) => {
    await props.save(values);
    props.onClose();
  });
  return (
    <Modal
      title={props.title}
      open={props.open}
      onCancel={props.onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      destroyOnHidden
      okButtonProps={{ 'data-testid': `${props.testId}-ok` } as Record<`data-${string}`, string>}
    >
      <Form form={form} layout="vertical" preserve={false} initialValues={props.initialValues} data-testid={props.testId}>
        {props.children}
      </Form>
    </Modal>
  );
}
