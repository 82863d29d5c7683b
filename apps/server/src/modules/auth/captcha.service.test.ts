import svgCaptcha from 'svg-captcha';
import { describe, expect, it } from 'vitest';
import { CAPTCHA_BACKGROUND, captchaSvg, contrastRatio, readableColor } from './captcha.service.ts';

/** The image code is readable by people (WCAG AA contrast) and still varied for machines (issue 9). */
describe('the image code picture', () => {
  it('draws every character in a colour with at least 4.5:1 contrast against its background', () => {
    for (let i = 0; i < 50; i++) {
      const { svg, text } = captchaSvg(svgCaptcha);
      expect(text).toMatch(/^[A-Za-z2-9]{4}$/);
      const glyphs = [...svg.matchAll(/<path fill="(#[0-9a-f]{6})" transform="translate\(0 (-?\d+)\) rotate\((-?\d+) /g)];
      expect(glyphs).toHaveLength(4);
      for (const [, color] of glyphs) expect(contrastRatio(color!, CAPTCHA_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
      // Characters come after the noise: nothing pale is drawn over them but the one thin curve.
      expect(svg.indexOf('<path fill=')).toBeGreaterThan(svg.lastIndexOf('stroke-width="2"'));
    }
  });

  it('varies colours and angles from one picture to the next', () => {
    const colors = new Set<string>();
    const angles = new Set<string>();
    for (let i = 0; i < 20; i++) {
      for (const m of captchaSvg(svgCaptcha).svg.matchAll(/<path fill="(#[0-9a-f]{6})" transform="translate\(0 -?\d+\) rotate\((-?\d+) /g)) {
        colors.add(m[1]!);
        angles.add(m[2]!);
      }
    }
    expect(colors.size).toBeGreaterThan(20);
    expect(angles.size).toBeGreaterThan(10);
    for (let i = 0; i < 200; i++) expect(contrastRatio(readableColor(), CAPTCHA_BACKGROUND)).toBeGreaterThanOrEqual(5.5);
  });
});
