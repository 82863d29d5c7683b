import { Input, type InputProps } from 'antd';
import { filterInteger, filterNumber, parseFiltered } from './filters.ts';

type Base = Omit<InputProps, 'value' | 'onChange'>;

export interface NumberInputProps extends Base {
  value?: number | string | null;
  /** Called with the number typed (null when empty). With `asText`, with the filtered text. */
  onChange?: (value: number | string | null) => void;
  /** Digits after the point (default 2; 0 = integer). */
  decimals?: number;
  negative?: boolean;
  /** Keep the value as text (e.g. money typed as '12.50'). */
  asText?: boolean;
}

/**
 * Number-only input (spec 5): whatever is typed or pasted is filtered to digits, one point
 * and at most `decimals` fraction digits as it is typed.
 */
export function NumberInput({ value, onChange, decimals = 2, negative, asText, ...rest }: NumberInputProps) {
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <Input
      inputMode="decimal"
      {...rest}
      value={text}
      onChange={(e) => {
        const filtered = filterNumber(e.target.value, { decimals, negative });
        onChange?.(asText ? filtered : filtered.endsWith('.') || filtered === '-' ? filtered : parseFiltered(filtered));
      }}
      onBlur={(e) => {
        // '12.' or '-' left behind become a number (or empty).
        if (!asText && typeof value === 'string') onChange?.(parseFiltered(value));
        rest.onBlur?.(e);
      }}
    />
  );
}

/** Integer-only input (spec 5). */
export function IntegerInput({ value, onChange, negative, asText, ...rest }: Omit<NumberInputProps, 'decimals'>) {
  const text = value === null || value === undefined ? '' : String(value);
  return (
    <Input
      inputMode="numeric"
      {...rest}
      value={text}
      onChange={(e) => {
        const filtered = filterInteger(e.target.value, { negative });
        onChange?.(asText ? filtered : filtered === '-' ? filtered : parseFiltered(filtered));
      }}
      onBlur={(e) => {
        if (!asText && typeof value === 'string') onChange?.(parseFiltered(value));
        rest.onBlur?.(e);
      }}
    />
  );
}
