// Applies the saved or system colour scheme before first paint (no flash). External, not inline,
// so the server's Content-Security-Policy (script-src 'self') allows it.
try {
  var s = localStorage.getItem('glazier-color-scheme');
  var dark = s === 'dark' || ((!s || s === 'auto') && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
} catch {
  // Private mode or no storage: Mantine applies the scheme on start.
}
