import { expect, it } from 'vitest';
import { openIn, screensIn } from './a11y.ts';

// The light theme's half of the accessibility check (a11y.ts); the dark theme's is a11y-dark.e2e.test.ts.
screensIn('light', (ctx) => {
  it('member levels show in words, not as their code', async () => {
    const { e, b } = ctx();
    await openIn(b.page, `${e.baseUrl}/sport/views/member/memberList/index`, 'light');
    const cells = await b.page.locator('[data-testid=member-table] tbody td').allTextContents();
    expect(cells).toContain('金卡会员');
    expect(cells).not.toContain('gold');
  });
});
