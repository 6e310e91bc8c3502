// Applies the stored or system theme before the first paint (SPEC §4), so a dark page never flashes light.
// A file, not an inline script: the CSP allows script-src 'self' only. Keep the key in step with
// STORAGE_KEYS.theme in src/core/constants.ts (a unit test checks it).
/* global window, document */
(function () {
  var theme = null;
  try {
    theme = window.localStorage.getItem("habitStreaksTheme");
  } catch {
    theme = null;
  }
  if (theme !== "light" && theme !== "dark") {
    theme = window.matchMedia && window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
  }
  var root = document.documentElement;
  root.setAttribute("data-theme", theme);
  root.style.colorScheme = theme;
  if (theme === "dark") root.classList.add("dark");
})();
