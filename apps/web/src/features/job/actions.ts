import { confirm, success } from '../../app/feedback.tsx';
import { t } from '../../app/i18n.ts';
import { notify } from '../../app/notify.ts';

/**
 * A job action as spec 4 wants it: a confirm prompt, a success message, and a cancel message
 * when the user declines. Failures were already shown by the request layer. Answers whether
 * the action ran and succeeded.
 */
export async function confirmed(opts: { prompt: string; done: string; danger?: boolean; run: () => Promise<unknown> }): Promise<boolean> {
  const ok = await confirm({ content: opts.prompt, danger: opts.danger });
  if (!ok) {
    notify.info(t('job:cancelled'));
    return false;
  }
  try {
    await opts.run();
  } catch {
    return false;
  }
  success(opts.done);
  return true;
}
