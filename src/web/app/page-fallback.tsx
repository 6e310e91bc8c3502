import { messages } from "../../core/messages/first-screen";
/** Shown while a lazily loaded page's code arrives. */
export function PageFallback() {
  return (
    <div role="status" className="flex justify-center py-16">
      <span className="sr-only">{messages.shell.loadingPage}</span>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-4 border-indigo-200 border-t-indigo-600"
      />
    </div>
  );
}
