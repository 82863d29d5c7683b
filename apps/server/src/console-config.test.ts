import { afterAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../test/harness.ts';
import { loadConfig } from './config.ts';

/** /config.xml entries are a setting (issue 9; spec 7: several servers, the entry fitting the host). */
describe('the console servers of /config.xml', () => {
  let s: TestServer | undefined;
  afterAll(async () => s?.close());

  it('reads CONSOLE_SERVERS as host=api entries, and refuses what a console could not use', () => {
    expect(loadConfig({}).consoleServers).toEqual([{ host: '*', api: '' }]);
    expect(loadConfig({ CONSOLE_SERVERS: 'venue.lan:8080=http://10.0.0.5:8080; *= ' }).consoleServers).toEqual([
      { host: 'venue.lan:8080', api: 'http://10.0.0.5:8080' },
      { host: '*', api: '' },
    ]);
    expect(() => loadConfig({ CONSOLE_SERVERS: 'bad host=x' })).toThrow(/CONSOLE_SERVERS: "bad host" is not a host/);
    expect(() => loadConfig({ CONSOLE_SERVERS: 'a.lan=javascript:alert(1)' })).toThrow(/is not an http\(s\) URL or a path/);
  });

  it('serves them to the console, escaped', async () => {
    s = await startServer('pglite', { CONSOLE_SERVERS: 'venue.lan:8080=https://api.example.com/base?a=1&b=2;*=' });
    const xml = (await s.app.inject({ url: '/config.xml' })).body;
    expect(xml).toContain('<server host="venue.lan:8080" api="https://api.example.com/base?a=1&amp;b=2"/>');
    expect(xml).toContain('<server host="*" api=""/>');
  });
});
