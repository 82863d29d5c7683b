import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { grantMenus } from '../../server/test/grants.ts';
import { mailText, startSmtp } from '../../server/test/smtp.ts';
import { makeOrg, makeRole, makeUser } from '../../server/src/modules/system/admin.testkit.ts';
import { adminApi, browserAs, screenshot, startE2E, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * Messaging at the console (issue 14): an email channel set up against a local SMTP server, its
 * test send reaching the operator; a template written with a preview of its sample values, sent
 * from the test screen, and its row in the send log with the rendered text.
 */
const visible = (l: Locator) => l.filter({ visible: true });
async function pickOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await visible(page.locator('.ant-select-item-option', { hasText: label }))
    .first()
    .click();
}

describe('messaging console', () => {
  let e: E2E;
  let b: OwnBrowser;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  const email = `${uniq('ops')}@venue.test`;
  let orgId = 0;

  beforeAll(async () => {
    smtp = await startSmtp();
    // The test's SMTP server is on loopback: listed for the outbound client, as an administrator would.
    e = await startE2E({ OUTBOUND_ALLOW: `*,127.0.0.1:${smtp.port}` });
    const admin = await adminApi(e);
    const info = await admin.json('GET', '/api/auth/userInfo/0');
    const org = await makeOrg(admin, info.body.currentOrg.orgId);
    orgId = org.id;
    const role = await makeRole(admin, org.id);
    await grantMenus(admin, role.id, ['home', 'message.business', 'message.channel', 'message.template', 'message.log', 'message.test']);
    const user = await makeUser(admin, org.id, { roleIds: [role.id], password: 'Kq7mWz2Lpx', code: uniq('e2e_'), email });
    b = await browserAs(e, { code: user.code, password: 'Kq7mWz2Lpx' });
    b.page.setDefaultTimeout(15_000);
    await b.page.waitForURL(/\/home/);
  });
  afterAll(async () => {
    await b?.close();
    await e?.close();
    await smtp?.close();
  });

  it('sets up the email channel and test-sends to the operator; a template previewed, sent from the test screen, is in the log as sent with its text', async () => {
    const { page } = b;
    await page.goto(`${e.baseUrl}/message/channel`);
    const card = page.getByTestId('channel-email');
    // A loopback address the server's configuration does not list is refused on its field.
    await card.locator('#channel-email_settings_host').fill('127.1');
    await card.locator('#channel-email_settings_port').fill('25');
    await card.locator('#channel-email_settings_from').fill('Venue <notice@venue.test>');
    await page.getByTestId('channel-email-save').click();
    await card.getByText('不允许连接该地址：本机、内网和保留地址需由管理员在服务器配置 OUTBOUND_ALLOW 中列出').waitFor();
    await card.locator('#channel-email_settings_host').fill('127.0.0.1');
    await card.locator('#channel-email_settings_port').fill(String(smtp.port));
    await card.locator('#channel-email_settings_secure').click(); // on by default: plain SMTP here
    await card.locator('#channel-email_settings_from').fill('Venue <notice@venue.test>');
    await card.locator('#channel-email_secrets_password').fill('smtp-pass');
    await card.locator('#channel-email_enabled').click();
    await page.getByTestId('channel-email-save').click();
    // The password is stored, never shown: only "set".
    await page.getByTestId('channel-email-password-state').getByText('已设置').waitFor();
    expect(await card.locator('#channel-email_secrets_password').inputValue()).toBe('');
    await page.getByTestId('channel-email-test').click();
    await page.getByTestId('channel-email-result').getByText('测试消息已发送').waitFor();
    expect(smtp.mails.map((m) => m.to[0])).toContain(email);
    await screenshot(page, 'message-channels');

    // A business type of the operator's organisation (through the API: its screen is the kit's), then its email template on the screen.
    const mgr = await adminApi(e);
    const code = `court.closed${uniq('x').replace(/[^a-zA-Z]/g, 'x')}`;
    const biz = await mgr.json('POST', '/api/system/message/business', {
      body: { orgId, code, name: uniq('关场通知'), variables: [{ name: 'site', sample: '3 号场' }], channels: ['email'], recipients: { member: true } },
    });
    expect(biz.code, biz.msg).toBe(0);
    await page.goto(`${e.baseUrl}/message/template`);
    await page.getByTestId('messageTemplate-add').click();
    await pickOption(page, page.locator('#messageTemplate-form_businessId'), biz.body.name);
    await pickOption(page, page.locator('#messageTemplate-form_channel'), '邮件');
    await page.locator('#messageTemplate-form_title').fill('{site} 关闭');
    await page.locator('#messageTemplate-form_content').fill('您预订的 {site} 今晚关闭，款项已退回。');
    await page.getByTestId('template-preview').getByText('您预订的 3 号场 今晚关闭，款项已退回。').waitFor();
    await page.getByTestId('messageTemplate-form-ok').click();
    await page.getByTestId('messageTemplate-table').locator('tr', { hasText: biz.body.name }).waitFor();

    await page.goto(`${e.baseUrl}/message/test`);
    await pickOption(page, page.locator('#message-test_templateId'), biz.body.name);
    await page.locator('#message-test_address').fill('member@venue.test');
    await page.locator('#message-test_values_site').fill('5 号场');
    await page.getByTestId('message-test-preview').getByText('您预订的 5 号场 今晚关闭，款项已退回。').waitFor();
    await page.getByTestId('message-test-send').click();
    const result = page.getByTestId('message-test-result');
    await result.getByText('已发送').waitFor();
    await result.getByText('您预订的 5 号场 今晚关闭，款项已退回。').waitFor();
    const mail = smtp.mails.find((m) => m.to[0] === 'member@venue.test');
    expect(mailText(mail!.data)).toContain('您预订的 5 号场 今晚关闭');

    await page.goto(`${e.baseUrl}/message/log`);
    const row = page.getByTestId('messageLog-table').locator('tr', { hasText: 'member@venue.test' });
    await row.getByText('已发送').waitFor();
    await row.getByText('您预订的 5 号场').waitFor();
    await screenshot(page, 'message-log');
  });
});
