import { describe, expect, it } from 'vitest';
import { decideGuard, loginRedirect, safeRedirect, sessionExpiredTarget, type GuardInput } from '../guard.ts';

const base: GuardInput = {
  pathname: '/system/user',
  search: '',
  isPublic: false,
  hasToken: true,
  loaded: true,
  loadFailed: false,
  loginWay: '1',
};

describe('route guard (spec 2.2)', () => {
  it('rule 1: openType clears and continues to the same path without it', () => {
    expect(decideGuard({ ...base, search: '?openType=2&id=5' })).toEqual({ type: 'openType', to: '/system/user?id=5' });
    expect(decideGuard({ ...base, search: '?openType=1', isPublic: true })).toEqual({ type: 'openType', to: '/system/user' });
  });

  it('rule 2: screens other than public ones need a login', () => {
    expect(decideGuard({ ...base, hasToken: false, loaded: false })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fsystem%2Fuser',
    });
    expect(decideGuard({ ...base, pathname: '/login', hasToken: false, isPublic: true })).toEqual({ type: 'allow' });
  });

  it('rule 3: a signed-in user loads dictionary and menus first, on the first visit', () => {
    expect(decideGuard({ ...base, loaded: false })).toEqual({ type: 'load' });
    expect(decideGuard({ ...base, loaded: true })).toEqual({ type: 'allow' });
  });

  it('rule 4: /ssologin with a token query parameter or a login-way marker other than 1', () => {
    expect(decideGuard({ ...base, hasToken: false, search: '?token=abc&x=1' })).toEqual({
      type: 'redirect',
      to: '/ssologin?token=abc&redirect=%2Fsystem%2Fuser%3Fx%3D1',
    });
    expect(decideGuard({ ...base, hasToken: false, loginWay: '2' })).toEqual({
      type: 'redirect',
      to: '/ssologin?redirect=%2Fsystem%2Fuser',
    });
    expect(decideGuard({ ...base, hasToken: false, loginWay: null })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fsystem%2Fuser',
    });
  });

  it('rule 4: a failed load sends the user to login too', () => {
    expect(decideGuard({ ...base, loaded: false, loadFailed: true })).toEqual({
      type: 'redirect',
      to: '/login?redirect=%2Fsystem%2Fuser',
    });
  });

  it('rule 5: the redirect parameter holds the original path with its query', () => {
    expect(loginRedirect('/sport/views/venueReserve/index', '?date=2024-05-01&venue=3', '1')).toBe(
      '/login?redirect=%2Fsport%2Fviews%2FvenueReserve%2Findex%3Fdate%3D2024-05-01%26venue%3D3',
    );
    const to = decideGuard({ ...base, hasToken: false, pathname: '/about', search: '?a=1' });
    expect(to.type === 'redirect' && new URL(to.to, 'http://x').searchParams.get('redirect')).toBe('/about?a=1');
  });

  it('rule 5: after login the redirect parameter is honoured, only for paths of this console', () => {
    expect(safeRedirect('/about?a=1')).toBe('/about?a=1');
    expect(safeRedirect(null)).toBe('/home');
    expect(safeRedirect('https://evil.example/')).toBe('/home');
    expect(safeRedirect('//evil.example/')).toBe('/home');
    expect(safeRedirect('/login?redirect=/x')).toBe('/home');
    expect(safeRedirect('/')).toBe('/home');
  });

  it('rule 6: session expiry goes to the login route with a redirect, or to redirectUri', () => {
    expect(sessionExpiredTarget({ pathname: '/home', search: '', loginWay: '1' })).toEqual({ type: 'route', to: '/login?redirect=%2Fhome' });
    expect(sessionExpiredTarget({ pathname: '/home', search: '', loginWay: 'sso' })).toEqual({
      type: 'route',
      to: '/ssologin?redirect=%2Fhome',
    });
    expect(sessionExpiredTarget({ pathname: '/home', search: '', loginWay: '1', redirectUri: 'https://sso.example/login' })).toEqual({
      type: 'external',
      url: 'https://sso.example/login',
    });
    expect(sessionExpiredTarget({ pathname: '/home', search: '', loginWay: '1', redirectUri: '/ssologin' })).toEqual({
      type: 'route',
      to: '/ssologin',
    });
  });

  it('rule 6: /thirdScanPage is exempt and a login screen does not redirect to itself', () => {
    expect(sessionExpiredTarget({ pathname: '/thirdScanPage', search: '?o=1', loginWay: '1' })).toEqual({ type: 'none' });
    expect(sessionExpiredTarget({ pathname: '/login', search: '', loginWay: '1' })).toEqual({ type: 'none' });
  });
});
