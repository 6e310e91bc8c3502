// Better Auth's popup sign-in polls `popup.closed` every 0.5 s and answers POPUP_CLOSED as soon as it sees the
// popup gone, even when the completion page posted its outcome just before closing itself: the close can overtake
// that message (about 1 provider sign-in in 16 on a busy machine). This hears the same message, so that an outcome
// which arrives late is not mistaken for the user closing the popup.

/** The `type` of the message Better Auth's completion page posts to its opener (its OAUTH_POPUP_MESSAGE_TYPE). */
export const POPUP_MESSAGE_TYPE = "better-auth:oauth-popup";
/** How long after Better Auth saw the popup closed its outcome may still be on its way. */
export const LATE_RESULT_MS = 2000;

/** The completion page's message: a session token once signed in, or the provider's or server's error. */
export type PopupResult = { signedIn: true } | { signedIn: false; code: string; description?: string };

export type PopupResultListener = {
  /** The outcome the popup posted, waiting up to `ms` for it; null when none came. */
  result: (ms: number) => Promise<PopupResult | null>;
  stop: () => void;
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;

function readResult(data: unknown): PopupResult | null {
  if (!isRecord(data) || data.type !== POPUP_MESSAGE_TYPE) return null;
  const { error, token } = data;
  if (isRecord(error) && typeof error.code === "string") {
    const description = typeof error.description === "string" ? error.description : undefined;
    return { signedIn: false, code: error.code, ...(description && { description }) };
  }
  return typeof token === "string" && token ? { signedIn: true } : null;
}

/**
 * Listens, from before the popup opens, for its outcome posted from our own origin (where /api/auth lives).
 * Only one sign-in popup is open at a time, so the last outcome heard is this popup's; its token is not used (the
 * session cookie is), only whether the sign-in succeeded.
 */
export function listenForPopupResult(target: Window = window): PopupResultListener {
  let heard: PopupResult | null = null;
  let wake: (() => void) | null = null;
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== target.location.origin) return;
    const result = readResult(event.data);
    if (!result) return;
    heard = result;
    wake?.();
  };
  target.addEventListener("message", onMessage);
  return {
    result: (ms) =>
      new Promise((resolve) => {
        if (heard) return resolve(heard);
        const done = () => {
          clearTimeout(timer);
          wake = null;
          resolve(heard);
        };
        const timer = setTimeout(done, ms);
        wake = done;
      }),
    stop: () => {
      target.removeEventListener("message", onMessage);
      wake?.();
    },
  };
}
