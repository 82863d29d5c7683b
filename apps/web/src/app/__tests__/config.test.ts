import { describe, expect, it } from 'vitest';
import { clockOffsetFrom, normaliseConfig, parseConfigXml, selectServerEntry } from '../config.ts';

describe('config.xml host selection', () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
    <config>
      <!-- <server host="commented:1" api="http://nope"/> -->
      <server host="console.venue.cn:443" api="https://api.venue.cn"/>
      <server host='192.168.1.20:8080' api='http://192.168.1.20:8081'></server>
      <server host="*" api=""/>
    </config>`;

  it('reads every server entry', () => {
    expect(parseConfigXml(xml)).toEqual([
      { host: 'console.venue.cn:443', api: 'https://api.venue.cn' },
      { host: '192.168.1.20:8080', api: 'http://192.168.1.20:8081' },
      { host: '*', api: '' },
    ]);
  });

  it('picks the entry equal to location.host, else host="*"', () => {
    const entries = parseConfigXml(xml);
    expect(selectServerEntry(entries, '192.168.1.20:8080')).toEqual({ host: '192.168.1.20:8080', api: 'http://192.168.1.20:8081' });
    expect(selectServerEntry(entries, 'localhost:8080')).toEqual({ host: '*', api: '' });
  });

  it('finds nothing when no entry fits (the console then reports it)', () => {
    const entries = parseConfigXml('<config><server host="a:1" api="http://a"/></config>');
    expect(selectServerEntry(entries, 'b:2')).toBeNull();
    expect(selectServerEntry(parseConfigXml('<config/>'), 'b:2')).toBeNull();
  });

  it('the default server answer (<server host="*" api=""/>) means same origin', () => {
    const entry = selectServerEntry(parseConfigXml('<config><server host="*" api=""/></config>'), 'x:1');
    expect(normaliseConfig({}, entry!.api).api).toBe('');
  });
});

describe('config.json', () => {
  it('keeps known keys and fills defaults (timeout 5000)', () => {
    const c = normaliseConfig({ authPrefix: '/a/', signKey: 's', timeout: 'nope', encrypt: true, extra: 1 }, 'http://h/');
    expect(c.authPrefix).toBe('/a/');
    expect(c.systemPrefix).toBe('/api/system/');
    expect(c.timeout).toBe(5000);
    expect(c.encrypt).toBe(true);
    expect(c.tokenMode).toBe(true);
    expect(c.api).toBe('http://h');
    expect('extra' in c).toBe(false);
  });

  it('corrects a clearly wrong local clock from the server Date header', () => {
    const now = Date.parse('2024-01-01T00:00:00Z');
    expect(clockOffsetFrom('Mon, 01 Jan 2024 00:10:00 GMT', now)).toBe(600);
    expect(clockOffsetFrom('Mon, 01 Jan 2024 00:00:05 GMT', now)).toBe(0);
    expect(clockOffsetFrom(null, now)).toBe(0);
  });
});
