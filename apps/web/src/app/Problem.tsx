import type { ReactNode } from 'react';
import { theme } from 'antd';
import { ExclamationCircleFilled, WarningFilled } from '@ant-design/icons';

/**
 * A light result block (icon, title, text, action) for the shell's own failures: chunk
 * load errors and start-up errors. antd's Result carries large illustrations that the
 * first screen should not pay for.
 */
export function Problem({
  status = 'warning',
  title,
  children,
  extra,
  fullPage = false,
}: {
  status?: 'warning' | 'error';
  title: ReactNode;
  children?: ReactNode;
  extra?: ReactNode;
  fullPage?: boolean;
}) {
  const { token } = theme.useToken();
  const Icon = status === 'error' ? ExclamationCircleFilled : WarningFilled;
  return (
    <div
      role="alert"
      style={{
        minHeight: fullPage ? '100vh' : 240,
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        textAlign: 'center',
        padding: 32,
        gap: 12,
        color: token.colorText,
      }}
    >
      <Icon style={{ fontSize: 56, color: status === 'error' ? token.colorError : token.colorWarning }} />
      <div style={{ fontSize: 22, fontWeight: 500, color: token.colorTextHeading }}>{title}</div>
      {children ? <div style={{ color: token.colorTextSecondary, maxWidth: 560 }}>{children}</div> : null}
      {extra ? <div style={{ marginTop: 12 }}>{extra}</div> : null}
    </div>
  );
}
