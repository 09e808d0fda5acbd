/* global window, document */
// The offline page's language, theme and buttons (the CSP allows no inline script). Reads the same
// localStorage keys as the app: `language` and `themeMode`.
(function () {
  var TEXTS = {
    zh: {
      title: '页面暂时不可用',
      body: '您当前处于离线状态，且此页面之前未在本设备上打开过。请检查网络连接后重试。',
      retry: '重试',
      back: '返回',
      home: '首页',
    },
  };
  function stored(key) {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  var language = stored('language') || navigator.language || 'en';
  if (/^zh/i.test(language)) {
    document.documentElement.lang = 'zh-CN';
    document.title = TEXTS.zh.title;
    document.querySelectorAll('[data-text]').forEach(function (node) {
      node.textContent = TEXTS.zh[node.getAttribute('data-text')];
    });
  }
  var theme = stored('themeMode') || 'auto';
  var dark = theme === 'dark' || (theme !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) document.documentElement.classList.add('dark');
  document.getElementById('retry').addEventListener('click', function () {
    window.location.reload();
  });
  document.getElementById('back').addEventListener('click', function () {
    if (window.history.length > 1) window.history.back();
    else window.location.href = '/';
  });
})();
