import type { ReactNode } from 'react';
import { Card, theme } from 'antd';

/** The public pay pages' frame: one card, phone-width, centred on any screen. */
export function PublicFrame({ testId, children }: { testId: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{ minHeight: '100vh', background: token.colorBgLayout, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: '24px 12px' }}
      data-testid={testId}
    >
      <Card style={{ width: '100%', maxWidth: 440 }} styles={{ body: { padding: 20 } }}>
        {children}
      </Card>
    </div>
  );
}
