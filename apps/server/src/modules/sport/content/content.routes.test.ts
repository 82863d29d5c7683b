import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@venue/contract';
import { databases, startServer, type Client, type TestServer } from '../../../../test/harness.ts';
import { adminClient, upload } from '../../system/admin.testkit.ts';
import { addMember, newPhone, png } from '../member/member.testkit.ts';
import { sanitizeRichText } from './content.sanitize.ts';
import { DANGEROUS, XSS_PAYLOADS } from './content.xss.cases.ts';
import { both, contentApi, contentStaff, item, ok } from './content.testkit.ts';

/**
 * Content through the console's calls, on a real database: the fixed calls (create, publish, the
 * 969600 of a missing language, the sanitised body), the states as conditional writes, the
 * organisation scope and the platform's items for every venue, versions, comment moderation,
 * banners, images checked by content, and the append-only agreement acceptances.
 */
describe.each(databases)('content on %s', (kind) => {
  let s: TestServer;
  let admin: Client;
  let platformId: number;
  beforeAll(async () => {
    s = await startServer(kind, { JOB_SCHEDULER: '0' });
    ({ c: admin, platformOrgId: platformId } = await adminClient(s));
  });
  afterAll(async () => s?.close());

  it('creates a draft, refuses to publish it while a language is missing (969600 with the field, both languages), then publishes it', async () => {
    const st = await contentStaff(s, admin, platformId);
    const draft = await ok(st.c, 'POST', contentApi(), {
      type: 'announcement',
      title: { zhCN: '闭馆通知', enUS: null },
      body: both('<p>周一闭馆</p>', '<p>Closed on Monday</p>'),
    });
    expect(draft.id).toBeGreaterThan(0);
    expect(draft.state).toBe('draft');
    const zh = await st.c.json('POST', contentApi(`${draft.id}/publish`), { body: {} });
    expect([zh.code, zh.detail[0].field, zh.msg]).toEqual([Code.FORM_INVALID, 'title.enUS', '发布前请填写标题（英文）']);
    const en = await st.c.json('POST', contentApi(`${draft.id}/publish`), { body: {}, lang: 'en-US' });
    expect(en.msg).toBe('Fill in the title (English) before publishing');
    expect((await ok(st.c, 'GET', contentApi(String(draft.id)))).state).toBe('draft');
    const filled = await ok(st.c, 'PUT', contentApi(String(draft.id)), { title: both('闭馆通知', 'Closure notice'), version: draft.version });
    const published = await ok(st.c, 'POST', contentApi(`${draft.id}/publish`), {});
    expect([published.id, published.state, published.version]).toEqual([draft.id, 'published', filled.version + 1]);
    expect(published.publishedAt).not.toBeNull();
  });

  it('stores a body without its <script> and onerror=, and defuses every payload of the XSS list', async () => {
    const st = await contentStaff(s, admin, platformId);
    const c = await item(st.c, {
      body: both('<p>你好<script>alert(1)</script><img src="https://a.example/x.png" onerror="alert(1)"></p>', XSS_PAYLOADS.join('\n')),
    });
    expect(c.body.zhCN).toBe('<p>你好<img src="https://a.example/x.png" /></p>');
    for (const bad of DANGEROUS) expect(c.body.enUS ?? '').not.toMatch(bad);
    const stored = await ok(st.c, 'GET', contentApi(String(c.id)));
    expect(stored.body).toEqual(c.body);
    for (const payload of XSS_PAYLOADS) {
      const out = sanitizeRichText(payload);
      for (const bad of DANGEROUS) expect(out, payload).not.toMatch(bad);
    }
    // What the allow-list keeps: text, formatting, safe links (opened apart) and images.
    expect(sanitizeRichText('<h2>标题</h2><p><strong>粗</strong> <a href="https://x.example" target="_self">链接</a></p>')).toBe(
      '<h2>标题</h2><p><strong>粗</strong> <a href="https://x.example" target="_blank" rel="noopener noreferrer">链接</a></p>',
    );
  });

  it('moves through draft → review → published → unpublished; a wrong move or an old version answers 100409 and changes nothing; two publishes at once: one wins', async () => {
    const st = await contentStaff(s, admin, platformId);
    const c = await item(st.c);
    const review = await ok(st.c, 'POST', contentApi(`${c.id}/submit`), { version: c.version });
    expect(review.state).toBe('review');
    const unpublish = await st.c.json('POST', contentApi(`${c.id}/unpublish`), { body: {} });
    expect([unpublish.code, unpublish.detail.reason, unpublish.msg]).toEqual([Code.CONFLICT, 'state', '当前状态「审核中」不能执行此操作']);
    const stale = await st.c.json('POST', contentApi(`${c.id}/publish`), { body: { version: c.version } });
    expect([stale.code, stale.detail.reason]).toEqual([Code.CONFLICT, 'stale']);
    const both2 = await Promise.all([1, 2].map(() => st.c.json('POST', contentApi(`${c.id}/publish`), { body: { version: review.version } })));
    expect(both2.map((r) => r.code).sort()).toEqual([0, Code.CONFLICT]);
    const down = await ok(st.c, 'POST', contentApi(`${c.id}/unpublish`), {});
    expect(down.state).toBe('unpublished');
    const list = await ok(st.c, 'POST', contentApi('list'), { type: 'sportsNews', state: 'unpublished' });
    expect(list.data.map((r: { id: number }) => r.id)).toEqual([c.id]);
    const versions = await ok(st.c, 'GET', contentApi(`${c.id}/versions`));
    // created, submitted, published (once), unpublished: newest first, each with who.
    expect(versions.map((v: { state: string }) => v.state)).toEqual(['unpublished', 'published', 'review', 'draft']);
    expect(versions[0].byName).toBeTruthy();
  });

  it('keeps a version of every save with what changed', async () => {
    const st = await contentStaff(s, admin, platformId);
    const c = await item(st.c);
    const e1 = await ok(st.c, 'PUT', contentApi(String(c.id)), { title: both('新标题', 'Title'), version: c.version });
    await ok(st.c, 'PUT', contentApi(String(c.id)), {
      body: both('<p>正文</p>', '<p>New body</p>'),
      publishAt: new Date(Date.now() + 3_600_000).toISOString(),
      version: e1.version,
    });
    const old = await st.c.json('PUT', contentApi(String(c.id)), { body: { title: both('x', 'y'), version: c.version } });
    expect([old.code, old.detail.reason]).toEqual([Code.CONFLICT, 'stale']);
    const versions = await ok(st.c, 'GET', contentApi(`${c.id}/versions`));
    expect(versions.map((v: { no: number; changed: string[] }) => [v.no, v.changed])).toEqual([
      [3, ['body.enUS', 'publishAt']],
      [2, ['title.zhCN']],
      [1, ['type', 'title.zhCN', 'body.zhCN', 'title.enUS', 'body.enUS']],
    ]);
    expect(versions[1].title.zhCN).toBe('新标题');
  });

  it("keeps another organisation's items out of reach; only the platform publishes to every venue, and every venue's app shows those", async () => {
    const a = await contentStaff(s, admin, platformId);
    const b = await contentStaff(s, admin, platformId);
    const mine = await item(a.c);
    expect((await b.c.json('GET', contentApi(String(mine.id)))).code).toBe(Code.NOT_FOUND);
    expect((await b.c.json('POST', contentApi(`${mine.id}/publish`), { body: {} })).code).toBe(Code.NOT_FOUND);
    expect((await ok(b.c, 'POST', contentApi('list'), { type: 'sportsNews' })).total).toBe(0);
    const refused = await a.c.json('POST', contentApi(), { body: { type: 'notice', title: both('全部', 'All'), allVenues: true } });
    expect([refused.code, refused.detail[0].field]).toEqual([Code.FORM_INVALID, 'allVenues']);
    const forAll = await ok(admin, 'POST', contentApi(), {
      type: 'notice',
      title: both('平台公告', 'Platform notice'),
      body: both('<p>全部场馆</p>', '<p>Every venue</p>'),
      allVenues: true,
    });
    await ok(admin, 'POST', contentApi(`${forAll.id}/publish`), {});
    await ok(a.c, 'POST', contentApi(`${(await item(a.c, { type: 'notice' })).id}/publish`), {});
    const feedA = await ok(a.c, 'POST', contentApi('feed'), { type: 'notice' });
    const feedB = await ok(b.c, 'POST', contentApi('feed'), { type: 'notice' });
    expect(feedA.data.map((r: { title: { zhCN: string } }) => r.title.zhCN).sort()).toEqual(['平台公告', '标题']);
    expect(feedB.data.map((r: { title: { zhCN: string } }) => r.title.zhCN)).toEqual(['平台公告']);
    // The platform cannot be written as by a venue: a venue still cannot unpublish it.
    expect((await a.c.json('POST', contentApi(`${forAll.id}/unpublish`), { body: {} })).code).toBe(Code.NOT_FOUND);
  });

  it('exports the list as a spreadsheet', async () => {
    const st = await contentStaff(s, admin, platformId);
    await item(st.c);
    const res = await st.c.call('POST', contentApi('export'), { body: { type: 'sportsNews' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('takes images checked by their content and serves them back', async () => {
    const st = await contentStaff(s, admin, platformId);
    const image = png(120, 80);
    const up = (await upload(st.c, contentApi('image'), 'a.png', image)).json();
    expect(up.code, up.msg).toBe(0);
    expect(up.body.url).toMatch(/^\/api\/sport\/content\/image\/[0-9a-f]{64}\.png$/);
    const back = await st.c.call('GET', up.body.url);
    expect([back.statusCode, back.rawPayload.equals(image)]).toEqual([200, true]);
    const fake = (await upload(st.c, contentApi('image'), 'fake.png', Buffer.from('<svg onload=alert(1)>'))).json();
    expect([fake.code, fake.detail[0].field, fake.msg]).toEqual([Code.FORM_INVALID, 'file', '仅支持 JPG、PNG 格式的图片']);
    const big = (await upload(st.c, contentApi('image'), 'big.png', Buffer.concat([image, Buffer.alloc(2 * 1024 * 1024)]))).json();
    expect(big.code).toBe(Code.FORM_INVALID);
  });

  it('holds a comment that holds a keyword of the organisation; a rejection needs a reason; a moderated comment is not moderated twice', async () => {
    const st = await contentStaff(s, admin, platformId);
    const other = await contentStaff(s, admin, platformId);
    await ok(st.c, 'PUT', contentApi('comment/keywords'), { words: ['代购', 'Spam'] });
    expect((await ok(other.c, 'GET', contentApi('comment/keywords'))).words).toEqual([]);
    const c = await item(st.c);
    const fine = await ok(st.c, 'POST', contentApi('comment'), { contentId: c.id, author: '张三', text: '很好的活动' });
    const held = await ok(st.c, 'POST', contentApi('comment'), { contentId: c.id, author: 'Li', text: 'cheap SPAM here' });
    expect([fine.state, held.state, held.matched]).toEqual(['approved', 'held', ['Spam']]);
    const list = await ok(st.c, 'POST', contentApi('comment/list'), {});
    expect(list.data[0].id).toBe(held.id);
    const noReason = await st.c.json('PUT', contentApi(`comment/${held.id}/moderate`), { body: { decision: 'reject', version: held.version } });
    expect([noReason.code, noReason.detail[0].field, noReason.msg]).toEqual([Code.FORM_INVALID, 'reason', '驳回评论请填写原因']);
    expect((await other.c.json('PUT', contentApi(`comment/${held.id}/moderate`), { body: { decision: 'approve', version: held.version } })).code).toBe(
      Code.NOT_FOUND,
    );
    const rejected = await ok(st.c, 'PUT', contentApi(`comment/${held.id}/moderate`), { decision: 'reject', reason: '广告', version: held.version });
    expect([rejected.state, rejected.reason]).toEqual(['rejected', '广告']);
    const again = await st.c.json('PUT', contentApi(`comment/${held.id}/moderate`), { body: { decision: 'approve', version: rejected.version } });
    expect([again.code, again.detail.reason]).toEqual([Code.CONFLICT, 'state']);
    expect((await ok(st.c, 'POST', contentApi('comment/list'), { state: 'held' })).total).toBe(0);
  });

  it('keeps banners in order with their carousel switch; a url jump must be https', async () => {
    const st = await contentStaff(s, admin, platformId);
    const bad = await st.c.json('POST', contentApi('banner'), { body: { name: '官网', image: '/logo.svg', jumpType: 'url', jumpUrl: 'http://x.example' } });
    expect([bad.code, bad.detail[0].field]).toEqual([Code.FORM_INVALID, 'jumpUrl']);
    const b2 = await ok(st.c, 'POST', contentApi('banner'), { name: '第二', image: '/logo.svg', sort: 2 });
    const b1 = await ok(st.c, 'POST', contentApi('banner'), { name: '第一', image: '/logo.svg', sort: 1, jumpType: 'url', jumpUrl: 'https://x.example' });
    expect((await ok(st.c, 'POST', contentApi('banner/list'), {})).data.map((b: { id: number }) => b.id)).toEqual([b1.id, b2.id]);
    const off = await ok(st.c, 'PUT', contentApi(`banner/${b2.id}`), { carousel: false, version: b2.version });
    expect(off.carousel).toBe(false);
    expect((await ok(st.c, 'POST', contentApi('banner/list'), { carousel: true })).data.map((b: { id: number }) => b.id)).toEqual([b1.id]);
    expect((await ok(st.c, 'DELETE', contentApi(`banner/${b1.id},${b2.id}`))).deleted).toBe(2);
  });

  it('a new agreement version must be accepted again; acceptances are append-only', async () => {
    const st = await contentStaff(s, admin, platformId);
    const m = await addMember(st.c, { name: '协议会员', phone: newPhone() });
    const v1 = await ok(st.c, 'POST', contentApi('agreement'), { title: both('会员协议', 'Member agreement'), body: both('<p>一</p>', '<p>One</p>') });
    expect(v1.versionNo).toBe(1);
    const early = await st.c.json('POST', contentApi(`agreement/${v1.id}/accept`), { body: { memberId: m.id } });
    expect([early.code, early.detail.reason]).toEqual([Code.CONFLICT, 'state']);
    await ok(st.c, 'POST', contentApi(`agreement/${v1.id}/publish`), { version: v1.version });
    expect(await ok(st.c, 'POST', contentApi('agreement/status'), { memberId: m.id })).toEqual({ current: 1, accepted: null, mustAccept: true });
    const a1 = await ok(st.c, 'POST', contentApi(`agreement/${v1.id}/accept`), { memberId: m.id });
    expect(await ok(st.c, 'POST', contentApi(`agreement/${v1.id}/accept`), { memberId: m.id })).toEqual(a1);
    expect((await ok(st.c, 'POST', contentApi('agreement/status'), { memberId: m.id })).mustAccept).toBe(false);
    const v2 = await ok(st.c, 'POST', contentApi('agreement'), { title: both('会员协议', 'Member agreement'), body: both('<p>二</p>', '<p>Two</p>') });
    await ok(st.c, 'POST', contentApi(`agreement/${v2.id}/publish`), { version: v2.version });
    expect(await ok(st.c, 'POST', contentApi('agreement/status'), { memberId: m.id })).toEqual({ current: 2, accepted: 1, mustAccept: true });
    const stillV1 = await st.c.json('POST', contentApi(`agreement/${v1.id}/accept`), { body: { memberId: m.id } });
    expect(stillV1.code).toBe(Code.CONFLICT);
    await ok(st.c, 'POST', contentApi(`agreement/${v2.id}/accept`), { memberId: m.id });
    const list = await ok(st.c, 'POST', contentApi('agreement/acceptance/list'), {});
    expect(list.data.map((r: { versionNo: number; memberName: string }) => [r.versionNo, r.memberName])).toEqual([
      [2, '协议会员'],
      [1, '协议会员'],
    ]);
    const agreements = await ok(st.c, 'POST', contentApi('agreement/list'), {});
    expect(agreements.data.map((r: { versionNo: number; state: string; accepted: number }) => [r.versionNo, r.state, r.accepted])).toEqual([
      [2, 'published', 1],
      [1, 'superseded', 1],
    ]);
    // No call changes or deletes a record, and the database refuses it too.
    await expect(s.database.query(`update sport_agreement_acceptance set accepted_at = now() where id = ${a1.id}`)).rejects.toThrow(/append-only/);
    await expect(s.database.query(`delete from sport_agreement_acceptance where id = ${a1.id}`)).rejects.toThrow(/append-only/);
  });
});
