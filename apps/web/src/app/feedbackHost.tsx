import { useEffect } from 'react';
import { message, Modal, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { HookAPI as ModalApi } from 'antd/es/modal/useModal';
import type { NotificationInstance } from 'antd/es/notification/interface';
import { TOAST_OFFSET } from './feedback.tsx';

export interface FeedbackApi {
  message: MessageInstance;
  modal: ModalApi;
  notification: NotificationInstance;
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
    onReady({ message: messageApi, modal: modalApi, notification: notificationApi });
  }, [onReady, messageApi, modalApi, notificationApi]);
  return (
    <>
      {messageHolder}
      {modalHolder}
      {notificationHolder}
    </>
  );
}
