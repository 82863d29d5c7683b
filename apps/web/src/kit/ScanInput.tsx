import { ScanOutlined } from '@ant-design/icons';
import { Button, Input, Space, type InputRef } from 'antd';
import type { ReactNode, Ref } from 'react';

export interface ScanInputProps {
  value: string;
  onChange: (value: string) => void;
  /** Enter (a scanner ends its code with one) or the button. */
  onSubmit: (value: string) => void;
  placeholder: string;
  buttonLabel: ReactNode;
  buttonIcon?: ReactNode;
  loading?: boolean;
  disabled?: boolean;
  large?: boolean;
  autoFocus?: boolean;
  /** Width of the whole control (CSS). */
  width?: number | string;
  maxLength?: number;
  inputRef?: Ref<InputRef>;
  /** Test ids of the input and the button. */
  testId: string;
  buttonTestId: string;
}

/**
 * The front desk's code field: a scanner types a code and presses Enter, or staff type a phone,
 * a number or a code and press the button. One control for every screen that takes a code.
 */
export function ScanInput(p: ScanInputProps) {
  const size = p.large ? 'large' : undefined;
  return (
    <Space.Compact style={{ width: '100%', maxWidth: p.width ?? 560 }}>
      <Input
        ref={p.inputRef}
        autoFocus={p.autoFocus}
        size={size}
        prefix={<ScanOutlined />}
        value={p.value}
        onChange={(e) => p.onChange(e.target.value)}
        onPressEnter={() => p.onSubmit(p.value)}
        placeholder={p.placeholder}
        aria-label={p.placeholder}
        maxLength={p.maxLength ?? 200}
        autoComplete="off"
        disabled={p.disabled}
        data-testid={p.testId}
      />
      <Button
        size={size}
        type="primary"
        icon={p.buttonIcon}
        loading={p.loading}
        disabled={p.disabled}
        onClick={() => p.onSubmit(p.value)}
        data-testid={p.buttonTestId}
      >
        {p.buttonLabel}
      </Button>
    </Space.Compact>
  );
}
