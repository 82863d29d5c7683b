import type { CSSProperties, ReactNode } from 'react';
import { Button, Modal } from 'antd';
import { confirm } from '../app/feedback.tsx';
import { useKitT } from './kitI18n.ts';

export interface FormModalProps {
  open: boolean;
  /** Already translated. */
  title: ReactNode;
  /** Test ids `${testId}-ok`, `${testId}-cancel`. */
  testId: string;
  busy?: boolean;
  width?: number;
  onOk: () => void;
  /** Closes for good (after the discard question, when there are unsaved changes). */
  onClose: () => void;
  /** Unsaved changes? Closing (Esc, the close button, Cancel) then asks whether to discard them. */
  isDirty?: () => boolean;
  okText?: string;
  /** OK cannot be pressed yet (data still loading, or the form cannot be saved as it is). */
  okDisabled?: boolean;
  /** Shown left of the buttons in the footer. */
  footerExtra?: ReactNode;
  bodyStyle?: CSSProperties;
  children: ReactNode;
}

/**
 * Closes a form, asking first when it has unsaved changes: 'discard them?' with Discard / Keep
 * editing. Resolves true when the form was closed.
 */
export async function closeForm(isDirty: (() => boolean) | undefined, onClose: () => void, tk: (k: string) => string): Promise<boolean> {
  if (isDirty?.()) {
    const ok = await confirm({ title: tk('discardTitle'), content: tk('discardConfirm'), okText: tk('discard'), cancelText: tk('keepEditing'), danger: true });
    if (!ok) return false;
  }
  onClose();
  return true;
}

/**
 * The kit's form dialog frame: the body scrolls and the footer (Cancel / OK) stays in view, so
 * long forms (the user dialog, the job dialog) keep their buttons at hand; closing with unsaved
 * changes asks whether to discard them, whichever way it is closed (Esc, the close button,
 * Cancel); a click on the mask never closes it.
 */
export function FormModal({ open, title, testId, busy, width, onOk, onClose, isDirty, okText, okDisabled, footerExtra, bodyStyle, children }: FormModalProps) {
  const tk = useKitT();
  const close = () => void closeForm(isDirty, onClose, tk);
  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={close}
      destroyOnHidden
      mask={{ closable: false }}
      centered
      styles={{ body: { maxHeight: 'calc(100vh - 200px)', overflowY: 'auto', overflowX: 'hidden', paddingRight: 8, ...bodyStyle } }}
      footer={
        <div className="kit-form-footer">
          <div className="kit-form-footer-extra">{footerExtra}</div>
          <Button onClick={close} data-testid={`${testId}-cancel`}>
            {tk('cancel')}
          </Button>
          <Button type="primary" loading={busy} disabled={okDisabled} onClick={onOk} data-testid={`${testId}-ok`}>
            {okText ?? tk('ok')}
          </Button>
        </div>
      }
    >
      {children}
    </Modal>
  );
}
