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
// First paint (issue 9): the runtime configuration is fetched now, while the console's code is
// still loading; app/config.ts takes these answers instead of asking again.
(function () {
  try {
    var opts = function (accept) {
      return { headers: { Accept: accept }, credentials: 'same-origin', cache: 'no-store' };
    };
    window.__venueConfig = {
      json: fetch('/config.json', opts('application/json')),
      xml: fetch('/config.xml', opts('application/xml, text/xml')),
    };
    // A failure is app/config.ts's to report.
    window.__venueConfig.json.catch(function () {});
    window.__venueConfig.xml.catch(function () {});
  } catch {
    // no fetch: app/config.ts asks itself
  }
})();
