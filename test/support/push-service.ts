// A local Web Push service for tests: the web-push-testing package's server, in this process. It hands
// out subscriptions like a browser's push service, checks the VAPID signature of every push it receives, decrypts
// the payload (aes128gcm) and keeps it per subscription; it can expire a subscription, which then answers 410.
import { createRequire } from "node:module";
import type { Server } from "node:http";
import { freePort } from "./free-port";

const require = createRequire(import.meta.url);

type Subscription = { endpoint: string; keys: { p256dh: string; auth: string }; clientHash: string };
type Model = {
  subscribe: (options: { userVisibleOnly: string; applicationServerKey: string }) => Promise<Subscription>;
  expireSubscription: (clientHash: string) => void;
  getNotifications: (body: { clientHash: string }) => { messages: string[] };
};
type ServerModule = new (model: Model, port: number) => { startServer: () => void; _server: Server };

export type TestSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  clientHash: string;
};

export type PushService = {
  /** A new subscription for the server's VAPID public key, as PushSubscription.toJSON() gives it (plus its hash). */
  subscribe: (applicationServerKey: string) => Promise<TestSubscription>;
  /** The payloads received for a subscription, decrypted and parsed, oldest first. */
  received: (subscription: TestSubscription) => unknown[];
  /** From now on the service answers 410 Gone for this subscription. */
  expire: (subscription: TestSubscription) => void;
  close: () => Promise<void>;
};

export async function startPushService(): Promise<PushService> {
  const { PushApiModel } = require("web-push-testing/src/PushApiModel.js") as {
    PushApiModel: new () => Model;
  };
  const WebPushTestingServer = require("web-push-testing/src/server.js") as ServerModule;
  const model = new PushApiModel();
  const port = await freePort();
  const server = new WebPushTestingServer(model, port);
  server.startServer(); // prints "Server running on port …"
  await new Promise<void>((resolve, reject) => {
    if (server._server.listening) resolve();
    server._server.once("listening", () => resolve());
    server._server.once("error", reject);
  });
  return {
    async subscribe(applicationServerKey) {
      const { endpoint, keys, clientHash } = await model.subscribe({
        userVisibleOnly: "true",
        applicationServerKey,
      });
      return { endpoint, keys, clientHash };
    },
    received: (subscription) =>
      model
        .getNotifications({ clientHash: subscription.clientHash })
        .messages.map((m) => JSON.parse(m) as unknown),
    expire: (subscription) => model.expireSubscription(subscription.clientHash),
    close: () =>
      new Promise<void>((resolve) => {
        server._server.closeAllConnections();
        server._server.close(() => resolve());
      }),
  };
}
