import type { ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { useKitT } from '../../kit/index.ts';

/** The wide, scrolling editor dialog shared by the job form and the stream editor. */
export function EditorModal(props: { open: boolean; title: string; busy: boolean; testId: string; onClose: () => void; onOk: () => void; children: ReactNode }) {
  const tk = useKitT();
  return (
    <Modal
      open={props.open}
      title={props.title}
      width={980}
      onCancel={props.onClose}
      destroyOnHidden
      mask={{ closable: false }}
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto', paddingRight: 8 } }}
      footer={[
        <Button key="cancel" onClick={props.onClose} data-testid={`${props.testId}-cancel`}>
          {tk('cancel')}
        </Button>,
        <Button key="ok" type="primary" loading={props.busy} onClick={props.onOk} data-testid={`${props.testId}-ok`}>
          {tk('ok')}
        </Button>,
      ]}
    >
      {props.children}
    </Modal>
  );
}
