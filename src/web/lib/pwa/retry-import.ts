// A page's code chunk can fail to arrive (a weak connection, a deploy that replaced the files): try again a
// couple of times before the error reaches the page's error boundary, which offers a reload.
export const CHUNK_RETRY_DELAYS_MS = [400, 1200] as const;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Runs `load` (a dynamic import), retrying after each of CHUNK_RETRY_DELAYS_MS; the last failure is thrown. */
export async function retryImport<T>(load: () => Promise<T>): Promise<T> {
  for (const delay of CHUNK_RETRY_DELAYS_MS) {
    try {
      return await load();
    } catch {
      await wait(delay);
    }
  }
  return load();
}
