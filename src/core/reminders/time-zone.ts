// Time zone names: the user's IANA zone, saved from the browser, decides when a reminder time is.
// Intl.DateTimeFormat is ECMAScript (ECMA-402), not IO: the zone data comes with the runtime.

/** Longest accepted name: the longest IANA names ("America/Argentina/ComodRivadavia") are about 32 characters. */
export const MAX_TIME_ZONE_LENGTH = 64;

const NAME = /^[A-Za-z][A-Za-z0-9_+\-/]*$/;

/** The runtime's canonical spelling of an IANA zone name ("europe/berlin" → "Europe/Berlin"), or null when the
 * runtime does not know it. Offsets such as "+01:00" are refused: they have no DST rules a traveller follows. */
export function canonicalTimeZone(name: string): string | null {
  if (name.length === 0 || name.length > MAX_TIME_ZONE_LENGTH || !NAME.test(name)) return null;
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const isTimeZone = (name: string): boolean => canonicalTimeZone(name) !== null;
