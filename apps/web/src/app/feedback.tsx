import { useEffect, type ReactNode } from 'react';
import { App } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { t } from './i18n.ts';
import { setNotifier } from './notify.ts';

/**
 * antd feedback bound to the app's theme and locale. <FeedbackBridge/> sits inside antd's
 * <App> and hands its message/modal/notification to the request layer (notify) and to
 * confirm() / toast() below.
 */

export const ERROR_DURATION_S = 3;
export const TOAST_DURATION_S = 5;
/** Start-up toast offset from the top (px); set on <App notification={{ top }}>. */
export const TOAST_OFFSET = 20;

let message: MessageInstance | null = null;
let modal: ModalApi | null = null;
let notification: NotificationInstance | null = null;
let seq = 0;

function closableContent(text: string, key: string) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <span>{text}</span>
      <CloseOutlined aria-label={t('feedback.close')} style={{ fontSize: 12, cursor: 'pointer', opacity: 0.6 }} onClick={() => message?.destroy(key)} />
    </span>
  );
}

export function FeedbackBridge() {
  const app = App.useApp();
  useEffect(() => {
    message = app.message;
    modal = app.modal;
    notification = app.notification;
    setNotifier({
      error(text) {
        const key = `err-${++seq}`;
        void app.message.open({ type: 'error', key, content: closableContent(text, key), duration: ERROR_DURATION_S });
      },
      success: (text) => void app.message.success(text),
      warning: (text) => void app.message.warning(text),
      info: (text) => void app.message.info(text),
    });
    return () => setNotifier(null);
  }, [app]);
  return null;
}

export interface ConfirmOptions {
  title?: string;
  content?: string;
  okText?: string;
  cancelText?: string;
  danger?: boolean;
}

/**
 * Confirm dialog (spec 8): default text 'Are you sure about this operation', title 'Tip',
 * buttons confirm and cancel. Resolves true on confirm, false on cancel.
 */
export function confirm(opts: ConfirmOptions = {}): Promise<boolean> {
  return new Promise((resolve) => {
    const config = {
      title: opts.title ?? t('feedback.tip'),
      content: opts.content ?? t('feedback.confirmContent'),
      okText: opts.okText ?? t('feedback.confirm'),
      cancelText: opts.cancelText ?? t('feedback.cancel'),
      okButtonProps: { danger: !!opts.danger, 'data-testid': 'confirm-ok' },
      cancelButtonProps: { 'data-testid': 'confirm-cancel' },
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    };
    if (modal) modal.confirm(config);
    else resolve(window.confirm(config.content));
  });
}

/** An information dialog with one OK button (e.g. a one-time password to hand over); resolves when closed. */
export function inform(opts: { title: string; content: ReactNode }): Promise<void> {
  return new Promise((resolve) => {
    if (!modal) return resolve();
    modal.info({
      title: opts.title,
      content: opts.content,
      okText: t('feedback.confirm'),
      okButtonProps: { 'data-testid': 'inform-ok' },
      width: 460,
      onOk: () => resolve(),
      onCancel: () => resolve(),
    });
  });
}

/** Start-up toast: 5000 ms, closable, 20 px from the top. */
export function toast(text: string, type: 'info' | 'success' | 'warning' | 'error' = 'info'): void {
  notification?.open({ type, title: text, duration: TOAST_DURATION_S, closable: true });
}

/** A success message outside the request layer (e.g. 'saved'). */
export function success(text: string): void {
  void message?.success(text);
}
