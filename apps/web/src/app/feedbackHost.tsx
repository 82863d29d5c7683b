import { useEffect } from 'react';
import { message, Modal, notification, Progress } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { TOAST_OFFSET } from './feedback.tsx';
import type { ProgressNote } from './notify.ts';

export interface FeedbackApi {
  message: MessageInstance;
  modal: ModalApi;
  notification: NotificationInstance;
  /** A task's progress as a notification kept open while it runs (`notify.progress`). */
  progress(note: ProgressNote): void;
}

/**
 * antd's message, modal and notification, bound to the app's theme and locale (it renders inside
 * the ConfigProvider). Its own chunk, loaded on the first message or dialog (feedback.tsx), so the
 * login screen does not carry them.
 */
export function FeedbackHost({ onReady }: { onReady: (api: FeedbackApi) => void }) {
  const [messageApi, messageHolder] = message.useMessage({ maxCount: 5 });
  const [modalApi, modalHolder] = Modal.useModal();
  const [notificationApi, notificationHolder] = notification.useNotification({ top: TOAST_OFFSET });
  useEffect(() => {
    const progress = (n: ProgressNote) =>
      notificationApi.open({
        key: n.key,
        title: n.title,
        description: (
          <div data-testid="task-progress" data-status={n.status}>
            <Progress percent={n.percent} status={n.status} size="small" />
            <div>{n.text}</div>
          </div>
        ),
        duration: n.status === 'active' ? false : n.status === 'success' ? 6 : 8,
        closable: true,
      });
    onReady({ message: messageApi, modal: modalApi, notification: notificationApi, progress });
  }, [onReady, messageApi, modalApi, notificationApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
      {notificationHolder}
    </>
  );
}
