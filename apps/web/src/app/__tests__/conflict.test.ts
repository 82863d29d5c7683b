import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Code, type ConflictDetail, type Envelope } from '@venue/contract';
import { fieldErrorsOf } from '../../kit/form.ts';
import { normaliseConfig, setConfig } from '../config.ts';
import { refreshOnConflict } from '../conflict.ts';
import { setNotifier } from '../notify.ts';
import { setLang } from '../prefs.ts';
import { queryClient } from '../query.ts';
import { ApiError, conflictOf, onConflict, request } from '../request.ts';

/** 100409 says why (issue 8, point 6): the request layer reads the reason and hands it on. */

const conflictEnv = (detail: unknown, msg = '冲突'): Envelope => ({ code: Code.CONFLICT, msg, detail, head: { level: 'error' }, body: null });

describe('100409 reasons', () => {
  const seen: ConflictDetail[] = [];
  let answer: Envelope;
  beforeEach(() => {
    seen.length = 0;
    setLang('zh-CN');
    setConfig(normaliseConfig({ signKey: 'k', timeout: 5000 }, ''));
    setNotifier({ error: () => {}, success: () => {}, warning: () => {}, info: () => {} });
    onConflict((c) => seen.push(c));
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setNotifier(null);
    onConflict(() => {});
  });

  it('reads the reason and the fields of a duplicate; the kit marks those fields', async () => {
    answer = conflictEnv({ reason: 'duplicate', fields: [{ field: 'code', message: '登录名已存在' }] }, '登录名已存在');
    const err = await request({ url: '/api/system/user', method: 'POST', data: {} }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(conflictOf(err)).toEqual({ reason: 'duplicate', fields: [{ field: 'code', message: '登录名已存在' }] });
    expect(fieldErrorsOf(err)).toEqual([{ field: 'code', message: '登录名已存在' }]);
    expect(seen.map((c) => c.reason)).toEqual(['duplicate']);
  });

  it('hands every reason to the shell; other codes are not conflicts', async () => {
    for (const reason of ['stale', 'taken', 'state'] as const) {
      answer = conflictEnv({ reason, fields: [] });
      const err = await request({ url: '/api/x', method: 'PUT', data: {} }).catch((e: unknown) => e);
      expect(conflictOf(err)?.reason).toBe(reason);
      expect(fieldErrorsOf(err)).toEqual([]);
    }
    expect(seen.map((c) => c.reason)).toEqual(['stale', 'taken', 'state']);
    answer = { code: Code.INVALID, msg: 'x', detail: [{ field: 'name', message: '不能为空' }], head: { level: 'error' }, body: null };
    const invalid = await request({ url: '/api/x', method: 'POST', data: {} }).catch((e: unknown) => e);
    expect(conflictOf(invalid)).toBeNull();
    expect(fieldErrorsOf(invalid)).toEqual([{ field: 'name', message: '不能为空' }]);
  });

  it('a silent call does not trigger the shell reaction', async () => {
    answer = conflictEnv({ reason: 'state', fields: [] });
    await request({ url: '/api/x', method: 'DELETE', silent: true }).catch(() => undefined);
    expect(seen).toEqual([]);
  });
});

describe('the shell reaction', () => {
  afterEach(() => queryClient.clear());

  it('taken and state refresh what is on screen; stale and duplicate leave it to the form', () => {
    const key = ['kit', 'user', 'list', {}];
    const fresh = () => {
      queryClient.setQueryData(key, { total: 1, data: [{ id: 1 }] });
      return queryClient.getQueryState(key)!.isInvalidated;
    };
    for (const reason of ['stale', 'duplicate'] as const) {
      expect(fresh()).toBe(false);
      expect(refreshOnConflict({ reason })).toBe(false);
      expect(queryClient.getQueryState(key)!.isInvalidated).toBe(false);
    }
    for (const reason of ['taken', 'state'] as const) {
      expect(fresh()).toBe(false);
      expect(refreshOnConflict({ reason })).toBe(true);
      expect(queryClient.getQueryState(key)!.isInvalidated).toBe(true);
    }
  });
});
