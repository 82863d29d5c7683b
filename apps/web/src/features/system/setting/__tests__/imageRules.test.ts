import { describe, expect, it } from 'vitest';
import { checkImageFile, dimensionsDiffer } from '../imageRules.ts';

describe('branding image checks', () => {
  it('takes jpg, png, bmp and ico within the size limits', () => {
    expect(checkImageFile('bg', { name: 'a.JPG', size: 5 * 1024 * 1024, type: 'image/jpeg' })).toBeNull();
    expect(checkImageFile('logo', { name: 'a.png', size: 1024, type: 'image/png' })).toBeNull();
    expect(checkImageFile('tab', { name: 'favicon.ico', size: 1024, type: 'image/x-icon' })).toBeNull();
    expect(checkImageFile('tab', { name: 'a.bmp', size: 1024, type: 'image/bmp' })).toBeNull();
  });

  it('refuses other formats and files over 5M / 1M', () => {
    expect(checkImageFile('bg', { name: 'a.gif', size: 10, type: 'image/gif' })).toEqual({ key: 'badFormat' });
    expect(checkImageFile('bg', { name: 'a.png', size: 10, type: 'text/plain' })).toEqual({ key: 'badFormat' });
    expect(checkImageFile('bg', { name: 'a.png', size: 5 * 1024 * 1024 + 1, type: 'image/png' })).toEqual({ key: 'tooLarge', max: '5M' });
    expect(checkImageFile('logo', { name: 'a.png', size: 1024 * 1024 + 1, type: 'image/png' })).toEqual({ key: 'tooLarge', max: '1M' });
  });

  it('warns when the dimensions are not the recommended ones', () => {
    expect(dimensionsDiffer('bg', { width: 1920, height: 1080 })).toBe(false);
    expect(dimensionsDiffer('logo', { width: 100, height: 160 })).toBe(true);
    expect(dimensionsDiffer('tab', { width: 32, height: 32 })).toBe(false);
  });
});
