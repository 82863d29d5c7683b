import { describe, expect, it } from 'vitest';
import { hasDangerousInput } from './pipeline.ts';

/**
 * The input filter refuses exactly what docs/decisions.md ("Input filter") lists, and lets the
 * rest through: it is a tripwire for obvious markup, not the protection (React's output
 * encoding is). If this table changes, change the document with it.
 */
const REFUSED = [
  '<script>alert(1)</script>',
  '< SCRIPT src=//x.test/a.js>',
  '</script>',
  '<img src=x onerror=alert(1)>',
  '<svg/onload=alert(1)>',
  '<iframe srcdoc="x">',
  '<object data=x>',
  '<embed src=x>',
  '<link rel=import href=x>',
  '<style>@import "x"</style>',
  '<meta http-equiv=refresh content="0;url=x">',
  '<base href=//x.test/>',
  '<form action=//x.test>',
  '<body onload=alert(1)>',
  '<details open ontoggle=alert(1)',
  '<a href="JavaScript:alert(1)">x</a>',
  'vbscript:msgbox(1)',
  'width: expression(alert(1))',
];

const ALLOWED = [
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '%3Cscript%3Ealert(1)%3C%2Fscript%3E',
  '<a href="data:text/html;base64,PHNjcmlwdD4=">x</a>',
  "{{constructor.constructor('alert(1)')()}}",
  "';alert(1);//",
  '<math><mi>x</mi></math>',
  'a < b && c > d',
  'P@ss<word>1',
];

describe('input filter', () => {
  it.each(REFUSED)('refuses %s', (payload) => {
    expect(hasDangerousInput({ remark: payload })).toBe(true);
    expect(hasDangerousInput({ nested: [{ deep: payload }] })).toBe(true);
  });
  it.each(ALLOWED)('lets through %s (output encoding protects it)', (payload) => {
    expect(hasDangerousInput({ remark: payload })).toBe(false);
  });
});
