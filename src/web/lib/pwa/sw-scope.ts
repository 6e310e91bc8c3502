// The parts of the service worker's global scope the reminder handlers use: the DOM types have no
// ServiceWorkerGlobalScope, and a unit test gives a stand-in.
export type WindowClientLike = {
  url: string;
  focus: () => Promise<unknown>;
  navigate?: (url: string) => Promise<unknown>;
};
export type ServiceWorkerScope = {
  registration: ServiceWorkerRegistration;
  clients: {
    matchAll: (options: {
      type: "window";
      includeUncontrolled: boolean;
    }) => Promise<readonly WindowClientLike[]>;
    openWindow: (url: string) => Promise<unknown>;
  };
  location: { origin: string };
  fetch: typeof fetch;
};

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null;
