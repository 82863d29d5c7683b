import { beforeEach, describe, expect, it } from 'vitest';
import { featureT, i18n, registerMessages } from '../i18n.ts';
import { setLang } from '../prefs.ts';
import zh from '../../features/sport/commerce/messages.zh-CN.ts';
import en from '../../features/sport/commerce/messages.en-US.ts';

/** Every feature's message pair, by folder: the English file must have exactly the Chinese file's keys. */
const zhFiles = import.meta.glob<{ default: object }>('../../features/**/messages.zh-CN.ts', { eager: true });
const enFiles = import.meta.glob<{ default: object }>('../../features/**/messages.en-US.ts', { eager: true });

const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (typeof v === 'string' ? [`${prefix}${k}`] : keysOf(v as object, `${prefix}${k}.`)));

describe("a feature's typed texts", () => {
  registerMessages('commerce', zh, en);
  const t = featureT<typeof zh>((key, options) => i18n.t(key, { ...options, ns: 'commerce' }) as unknown as string);
  beforeEach(() => setLang('en-US'));

  it("takes only a key the feature's Chinese messages have: a typo fails the typecheck", () => {
    // @ts-expect-error -- commerce's messages.zh-CN.ts has no such key (the typecheck of this file fails if it is accepted)
    expect(t('method.noSuchText')).toBe('method.noSuchText');
    expect(t('method.cash')).toBe(en.method.cash);
  });

  it('names a key built from an open set through dynamic(), which shows the raw value when no text exists', () => {
    expect(t.dynamic('method', 'cash')).toBe(en.method.cash);
    expect(t.dynamic('method', 'module_registered_method')).toBe('module_registered_method');
    expect(t.dynamic('adjustment', null)).toBe('');
    // @ts-expect-error -- no key starts with this prefix
    t.dynamic('noSuchPrefix', 'x');
  });

  it('has the same keys in English as in Chinese, in every feature', () => {
    expect(Object.keys(zhFiles).length).toBeGreaterThan(20);
    for (const [path, mod] of Object.entries(zhFiles)) {
      const english = enFiles[path.replace('zh-CN', 'en-US')];
      expect(english, path).toBeDefined();
      expect(keysOf(english!.default).sort(), path).toEqual(keysOf(mod.default).sort());
    }
  });
});
