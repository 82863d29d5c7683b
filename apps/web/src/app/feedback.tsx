import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { CloseOutlined } from '@ant-design/icons';
import { t } from './i18n.ts';
import { setNotifier } from './notify.ts';
import type { FeedbackApi } from './feedbackHost.tsx';

/**
 * antd feedback (message, modal, notification) for the request layer (notify) and for confirm(),
 * inform(), toast() and success() below. <FeedbackRoot/> sits inside the ConfigProvider and loads
 * the antd part (feedbackHost.tsx, its own chunk) on the first call: what asks before it is there
 * waits for it, a matter of milliseconds.
 */

export const ERROR_DURATION_S = 3;
export const TOAST_DURATION_S = 5;
/** Start-up toast offset from the top (px). */
export const TOAST_OFFSET = 20;

type Host = ComponentType<{ onReady: (api: FeedbackApi) => void }>;

let api: FeedbackApi | null = null;
const waiting: ((api: FeedbackApi) => void)[] = [];
let showHost: ((host: Host) => void) | null = null;
let loading = false;
let seq = 0;

function loadHost(): void {
  if (loading || !showHost) return;
  loading = true;
  const show = showHost;
  import('./feedbackHost.tsx').then(
    (m) => show(m.FeedbackHost),
    () => (loading = false),
  );
}

/** Runs `run` with antd's feedback, loading it first when needed. */
function withApi(run: (api: FeedbackApi) => void): void {
  if (api) return run(api);
  waiting.push(run);
  loadHost();
}

function ready(next: FeedbackApi): void {
  api = next;
  for (const run of waiting.splice(0)) run(next);
}

function closableContent(text: string, key: string) {
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
      <span>{text}</span>
      <CloseOutlined aria-label={t('feedback.close')} style={{ fontSize: 12, cursor: 'pointer', opacity: 0.6 }} onClick={() => api?.message.destroy(key)} />
    </span>
  );
}

export function FeedbackRoot() {
  const [Host, setHost] = useState<Host | null>(null);
  useEffect(() => {
    showHost = (host) => setHost(() => host);
    setNotifier({
      error(text) {
        const key = `err-${++seq}`;
        withApi((a) => void a.message.open({ type: 'error', key, content: closableContent(text, key), duration: ERROR_DURATION_S }));
      },
      success: (text) => withApi((a) => void a.message.success(text)),
      warning: (text) => withApi((a) => void a.message.warning(text)),
      info: (text) => withApi((a) => void a.message.info(text)),
      progress: (note) => withApi((a) => a.progress(note)),
    });
    if (waiting.length) loadHost();
    return () => {
      showHost = null;
      setNotifier(null);
    };
  }, []);
  return Host ? <Host onReady={ready} /> : null;
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
    withApi((a) => a.modal.confirm(config));
  });
}

/** An information dialog with one OK button (e.g. a one-time password to hand over); resolves when closed. */
export function inform(opts: { title: string; content: ReactNode }): Promise<void> {
  return new Promise((resolve) => {
    withApi((a) =>
      a.modal.info({
        title: opts.title,
        content: opts.content,
        okText: t('feedback.confirm'),
        okButtonProps: { 'data-testid': 'inform-ok' },
        width: 460,
        onOk: () => resolve(),
        onCancel: () => resolve(),
      }),
    );
  });
}

/** Start-up toast: 5000 ms, closable, 20 px from the top. */
export function toast(text: string, type: 'info' | 'success' | 'warning' | 'error' = 'info'): void {
  withApi((a) => a.notification.open({ type, title: text, duration: TOAST_DURATION_S, closable: true }));
}

/** A success message outside the request layer (e.g. 'saved'). */
export function success(text: string): void {
  withApi((a) => void a.message.success(text));
}
