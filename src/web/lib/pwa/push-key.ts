// The server's VAPID public key (base64url, as GET /api/reminders gives it) as PushManager.subscribe takes it.

/** The key's bytes; throws a SyntaxError when it is not base64url. */
export function applicationServerKey(base64url: string): Uint8Array<ArrayBuffer> {
  const trimmed = base64url.replace(/=+$/, "");
  if (!/^[A-Za-z0-9_-]*$/.test(trimmed)) throw new SyntaxError("The push key is not base64url");
  const base64 = trimmed.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
