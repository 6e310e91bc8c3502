// Makes the process's first Intl calls (ICU's locale and time zone set-up) on this thread: see warm-intl.ts.
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
new Intl.DateTimeFormat(undefined, { weekday: "long", month: "long", day: "numeric", timeZone: zone }).format(
  Date.now(),
);
postMessage(null);
