/**
 * Where the request layer and other non-React code send user-visible messages. The
 * antd implementation is registered by <FeedbackRoot/> (feedback.tsx); until then (and
 * in unit tests) messages go to the console.
 */
export interface Notifier {
  /** Red, closable, 3000 ms. */
  error(message: string): void;
  success(message: string): void;
  warning(message: string): void;
  info(message: string): void;
  /** A running task's progress (a large export's download), updated in place by its key. */
  progress?(note: ProgressNote): void;
}

export interface ProgressNote {
  key: string;
  title: string;
  text: string;
  percent: number;
  status: 'active' | 'success' | 'exception';
}

const consoleNotifier: Notifier = {
  error: (m) => console.error(m),
  success: (m) => console.info(m),
  warning: (m) => console.warn(m),
  info: (m) => console.info(m),
  progress: () => undefined,
};

let impl: Notifier = consoleNotifier;

export function setNotifier(n: Notifier | null): void {
  impl = n ?? consoleNotifier;
}

export const notify: Required<Notifier> = {
  error: (m) => impl.error(m),
  success: (m) => impl.success(m),
  warning: (m) => impl.warning(m),
  info: (m) => impl.info(m),
  progress: (n) => impl.progress?.(n),
};
