/**
 * Classic XSS payloads (OWASP filter-evasion cheat sheet and friends) the body sanitiser must
 * defuse: after sanitising, none may keep a script element, an event handler, a script-bearing URL
 * or an element that loads active content.
 */
export const XSS_PAYLOADS: readonly string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=http://xss.example/xss.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<IMG SRC="javascript:alert(\'XSS\');">',
  '<IMG SRC=JaVaScRiPt:alert(\'XSS\')>',
  '<IMG SRC=`javascript:alert("RSnake says, \'XSS\'")`>',
  '<IMG """><SCRIPT>alert("XSS")</SCRIPT>">',
  '<IMG SRC=&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;&#97;&#108;&#101;&#114;&#116;&#40;&#39;&#88;&#83;&#83;&#39;&#41;>',
  '<IMG SRC="jav&#x09;ascript:alert(\'XSS\');">',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="  javascript:alert(1)">click</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<svg/onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<body onload=alert(1)>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<div style="background-image: url(javascript:alert(1))">x</div>',
  '<p style="width: expression(alert(1))">x</p>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror="alert(1)"></video>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  '<link rel="stylesheet" href="javascript:alert(1)">',
  '<base href="javascript:alert(1)//">',
  '<<SCRIPT>alert("XSS");//<</SCRIPT>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '<p onmouseover="alert(1)">hover</p>',
  '<a href="https://ok.example" onclick="alert(1)">ok</a>',
  '<img src="https://ok.example/a.png" onerror="alert(1)" onload="alert(2)">',
  '"><script>alert(document.cookie)</script>',
  '<style>@import "javascript:alert(1)";</style>',
  '<!--<script>alert(1)--><script>alert(2)</script>',
];

/** What may not survive the sanitiser. */
export const DANGEROUS = [/<script/i, /\son\w+\s*=/i, /javascript:/i, /vbscript:/i, /data:text/i, /<iframe/i, /<object/i, /<embed/i, /<svg/i, /<style/i, /<meta/i, /<link/i, /<base/i, /<form/i, /<input/i, /expression\(/i, /style=/i];
