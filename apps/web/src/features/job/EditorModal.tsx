import type { ReactNode } from 'react';
import { FormModal } from '../../kit/index.ts';

/**
 * The wide editor dialog shared by the job form and the stream editor: the kit's form dialog
 * frame (scrolling body, fixed footer, a discard prompt when closing with unsaved changes).
 */
export function EditorModal(props: {
  open: boolean;
  title: string;
  busy: boolean;
  testId: string;
  onClose: () => void;
  onOk: () => void;
  isDirty?: () => boolean;
  children: ReactNode;
}) {
  return (
    <FormModal
      open={props.open}
      title={props.title}
      width={980}
      busy={props.busy}
      testId={props.testId}
      onClose={props.onClose}
      onOk={props.onOk}
      isDirty={props.isDirty}
    >
      {props.children}
    </FormModal>
  );
}
