// Applies the stored theme and language before the console's code loads (no flash of the
// wrong theme). A file, not an inline script: the server's CSP allows scripts from 'self' only.
(function () {
  try {
    var t = localStorage.getItem('theme') === 'dark' ? 'dark' : 'light';
    document.documentElement.setAttribute('data-theme', t);
    document.documentElement.style.colorScheme = t;
    document.documentElement.lang = localStorage.getItem('lang') === 'en-US' ? 'en-US' : 'zh-CN';
  } catch {
    // storage unavailable: the defaults apply
  }
})();
