import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../server/src/modules/sport/member/member.testkit.ts';
import { demoManager, screenshot, setTheme, uniq, type E2E, type OwnBrowser } from './support.ts';

/**
 * Participants at the console (issue 26), on the demo centre as its manager sees it: the demo
 * participants with their face consent states; a participant's detail, where a face image is refused
 * before consent, accepted once the consent is recorded, and deleted when it is revoked; the demo
 * participant with an image in English and dark; the coaches' average rating (demo ratings 5 and 4).
 */
const LIST = '/sport/views/trainingCourse/participantsManagement/index';
const COACHES = '/sport/views/coachManagement/index';

describe('participant screens', () => {
  let e: E2E;
  let b: OwnBrowser;
  const files: string[] = [];
  beforeAll(async () => {
    ({ e, b } = await demoManager());
  }, 240_000);
  afterAll(async () => {
    for (const f of files) fs.rmSync(f, { force: true });
    await b?.close();
    await e?.close();
  });

  it('lists the demo participants; consent, upload and revoke on the detail; both languages and themes', async () => {
    const { page } = b;
    await setTheme(page, 'light');
    await page.goto(`${e.baseUrl}${LIST}`);
    const table = page.getByTestId('courseParticipant-table-card');
    const withImage = table.locator('tr', { hasText: '张晓明' });
    await withImage.waitFor({ timeout: 90_000 });
    expect(await withImage.innerText()).toContain('已授权（可刷脸）');
    expect(await table.locator('tr', { hasText: '李娜' }).innerText()).toContain('已授权（无照片）');
    const plain = table.locator('tr', { hasText: '王强' });
    expect(await plain.innerText()).toContain('未授权');
    // The manager may see members' private data: the phone whole (masking is tested on the server).
    expect(await plain.innerText()).toContain('13600008888');
    await screenshot(page, 'course-participant-list-zh-CN-light');

    await plain.getByText('王强').click();
    await page.getByTestId('participant-detail').waitFor({ timeout: 90_000 });
    const state = page.getByTestId('participant-face-state');
    expect(await state.getAttribute('data-state')).toBe('none');
    await page.getByTestId('participant-classes').getByText('候补第 1 位').first().waitFor();

    // Before consent: the upload is refused with the reason.
    const file = path.join(os.tmpdir(), `${uniq('face')}.png`);
    fs.writeFileSync(file, png(160, 200));
    files.push(file);
    await page.getByTestId('participant-face').locator('input[type=file]').setInputFiles(file);
    await page.getByTestId('participant-face-error').getByText('没有有效的人脸授权').waitFor();
    expect(await state.getAttribute('data-state')).toBe('none');
    await screenshot(page, 'course-participant-refused-zh-CN-light');

    // Consent recorded (the statement agreed), then the image is accepted: face check-in available.
    await page.getByTestId('participant-consent').click();
    await page.getByTestId('participant-consent-text').waitFor();
    await page.getByTestId('participant-consent-agreed').check();
    await page.getByTestId('participant-consent-ok').click();
    await expect.poll(() => state.getAttribute('data-state')).toBe('consented');
    await page.getByTestId('participant-face').locator('input[type=file]').setInputFiles(file);
    await expect.poll(() => state.getAttribute('data-state')).toBe('image');
    await page.getByTestId('participant-face-checkin').waitFor();
    await expect.poll(() => page.getByTestId('participant-face-image').getAttribute('data-has-image')).toBe('yes');
    await screenshot(page, 'course-participant-face-zh-CN-light');

    // Revoked: the image goes with the consent.
    await page.getByTestId('participant-revoke').click();
    await page.getByTestId('confirm-ok').click();
    await expect.poll(() => state.getAttribute('data-state')).toBe('none');
    expect(await page.getByTestId('participant-face-checkin').count()).toBe(0);
    expect(await page.getByTestId('participant-face-image').getAttribute('data-has-image')).toBe('no');

    // English and dark: the demo participant with an image.
    await page.evaluate(() => localStorage.setItem('lang', 'en-US'));
    await setTheme(page, 'dark');
    await page.goto(`${e.baseUrl}${LIST}`);
    const en = page.getByTestId('courseParticipant-table-card').locator('tr', { hasText: '张晓明' });
    await en.waitFor({ timeout: 90_000 });
    expect(await en.innerText()).toContain('Consented, face check-in');
    await screenshot(page, 'course-participant-list-en-US-dark');
    await en.getByText('张晓明').click();
    await page.getByTestId('participant-face-checkin').getByText('Face check-in available').waitFor({ timeout: 90_000 });
    await expect.poll(() => page.getByTestId('participant-face-image').getAttribute('data-has-image')).toBe('yes');
    await screenshot(page, 'course-participant-detail-en-US-dark');

    // The coaches list shows the members' average rating: the demo coach's lessons were rated 5 and 4,
    // and in the attendance demo 4, 2 and 5.
    await page.goto(`${e.baseUrl}${COACHES}`);
    await page.locator('[data-testid^="coach-rating-"]').filter({ hasText: '4.0 (5)' }).first().waitFor({ timeout: 90_000 });
  }, 420_000);
});
