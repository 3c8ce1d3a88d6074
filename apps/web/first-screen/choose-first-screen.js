/* global window, document, location, requestAnimationFrame, KABUTO_FIRST_SCREEN_TEXTS */
// Inlined at the end of index.html's body (its hash is allowed by the server's Content-Security-Policy): runs
// before the first paint, picks the opening route's first screen and puts it in the stored language; the
// simulated-data note stays only if the server put data-market="simulated" on <html> when it sent the page.
// KABUTO_FIRST_SCREEN_TEXTS is replaced at build time by { aliases, texts: { lang: { key: text } }, app }, app
// being the app's code ({ entry, preloads }), which this script requests once the first screen is painted.
(function () {
  var data = KABUTO_FIRST_SCREEN_TEXTS;
  var started = false;
  var startApp = function () {
    if (started || !data.app) return;
    started = true;
    var add = function (tag, attributes) {
      var element = document.createElement(tag);
      element.crossOrigin = '';
      for (var name in attributes) element.setAttribute(name, attributes[name]);
      document.head.appendChild(element);
    };
    // Absolute, as the app's chunk loader writes them: it looks for a link with the same href before adding
    // its own, and requesting a file costs main-thread time even when it is already in.
    var absolute = function (path) {
      return new URL(path, document.baseURI).href;
    };
    for (var p = 0; p < data.app.preloads.length; p++)
      add('link', { rel: 'modulepreload', href: absolute(data.app.preloads[p]) });
    add('script', { type: 'module', src: absolute(data.app.entry) });
  };
  // The frame after this one has been painted (rAF runs before the paint, the timeout after it); the timeout
  // alone covers a page opened in the background, where frames wait.
  requestAnimationFrame(function () {
    setTimeout(startApp, 0);
  });
  setTimeout(startApp, 300);
  // The app's viewport height (src/lib/viewport-height.ts), set before the first paint so that the app, setting
  // the same, does not lay the page out again.
  var height = window.innerHeight + 'px';
  document.documentElement.style.setProperty('--vh', height);
  document.body.style.height = height;
  var stored = function (key) {
    try {
      return localStorage.getItem(key) || '';
    } catch {
      return '';
    }
  };
  var alias = stored('locale').trim().toLowerCase();
  var lang = Object.prototype.hasOwnProperty.call(data.aliases, alias) ? data.aliases[alias] : 'ja';
  var member = stored('token') !== '';
  var path = location.hash.replace(/^#/, '').split('?')[0] || '/';
  var templates = document.querySelectorAll('template[data-first-screen]');
  var template = null;
  for (var i = 0; i < templates.length; i++)
    if (templates[i].getAttribute('data-first-screen') === path) template = templates[i];
  document.documentElement.lang = lang;
  if (!template) return;
  var screen = template.content.cloneNode(true);
  var simulated = document.documentElement.getAttribute('data-market') === 'simulated';
  var drop = screen.querySelectorAll(
    (member ? '[data-guest]' : '[data-member]') + (simulated ? '' : ',[data-simulated]'),
  );
  for (i = 0; i < drop.length; i++) drop[i].parentNode.removeChild(drop[i]);
  if (lang !== 'ja') {
    var texts = data.texts[lang];
    var withText = screen.querySelectorAll('[data-k]');
    for (i = 0; i < withText.length; i++) withText[i].textContent = texts[withText[i].getAttribute('data-k')];
    var withLabel = screen.querySelectorAll('[data-label]');
    for (i = 0; i < withLabel.length; i++)
      withLabel[i].setAttribute('aria-label', texts[withLabel[i].getAttribute('data-label')]);
  }
  document.getElementById('kb-first-screen').appendChild(screen);
})();
