// The push sender against real sockets: it never reaches the server's own network (the address is checked after
// DNS, in the connection's lookup), it bounds the time and the bytes a push service can take, and it follows no
// redirect (docs/decisions/0054-push-to-public-addresses-fairly.md).
import { createECDH, randomBytes } from "node:crypto";
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createTcpServer, type Server as TcpServer } from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import webpush from "web-push";
import { startPushService, type PushService } from "../../../test/support/push-service";
import { createLogger } from "../log/logger";
import { createPushSender, publicLookup, type PushSenderOptions, type Resolver } from "./push-sender";

const vapid = { ...webpush.generateVAPIDKeys(), subject: "mailto:admin@example.com" };
const ecdh = createECDH("prime256v1");
ecdh.generateKeys();
const keys = {
  p256dh: ecdh.getPublicKey().toString("base64url"),
  auth: randomBytes(16).toString("base64url"),
};
const payload = { type: "test", title: "Habit Streaks", body: "Test" } as const;
const subscription = (endpoint: string) => ({ endpoint, userId: "u1", ...keys });

function sender(options: Partial<PushSenderOptions> = {}) {
  const lines: string[] = [];
  const logger = createLogger({ level: "warn", destination: { write: (line: string) => lines.push(line) } });
  const send = createPushSender(vapid, logger, { allowPrivateHosts: false, ...options });
  return { send, lines };
}

const portOf = (server: Server | TcpServer) => (server.address() as AddressInfo).port;
const listen = async <S extends Server | TcpServer>(server: S) => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return server;
};

describe("the push sender", () => {
  let tcp: TcpServer;
  let connections = 0;
  let push: PushService;
  beforeAll(async () => {
    // Stands for a service on the server's own network: it counts who connects, and never answers.
    tcp = await listen(
      createTcpServer((socket) => {
        connections += 1;
        socket.on("error", () => {});
        socket.resume(); // reads and drops the request, so that it sees the sender close the connection
      }),
    );
    push = await startPushService();
  });
  afterAll(async () => {
    await new Promise((resolve) => tcp.close(resolve));
    await push.close();
  });

  it("never connects to an endpoint on an IP literal, localhost or plain http", async () => {
    const { send, lines } = sender();
    const port = portOf(tcp);
    for (const endpoint of [
      `https://localhost:${port}/push/1`,
      `https://127.0.0.1:${port}/push/2`,
      `https://[::ffff:127.0.0.1]:${port}/push/3`,
      `http://localhost:${port}/push/4`,
    ])
      expect(await send(subscription(endpoint), payload), endpoint).toBe("failed");
    expect(connections).toBe(0);
    expect(lines.join("\n")).toMatch(/not a public address/);
    expect(lines.join("\n")).not.toMatch(/push\/\d/); // the log names the host only
  });

  it("checks the address the connection uses: a name that resolves to loopback is refused and logged", async () => {
    // DNS is an outside service: this one answers as a rebinding attacker's would
    const resolver: Resolver = (hostname, callback) =>
      hostname === "push.rebound.test"
        ? callback(null, [{ address: "127.0.0.1", family: 4 }])
        : callback(Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND" }), []);
    const { send, lines } = sender({ resolver });
    const endpoint = `https://push.rebound.test:${portOf(tcp)}/push/5`;
    expect(await send(subscription(endpoint), payload)).toBe("failed");
    expect(connections).toBe(0);
    expect(lines.join("\n")).toMatch(/push\.rebound\.test resolves to 127\.0\.0\.1, not a public address/);
  });

  it("passes a public answer on to the connection", async () => {
    const resolver: Resolver = (_hostname, callback) =>
      callback(null, [
        { address: "2001:4860:4860::8888", family: 6 },
        { address: "8.8.8.8", family: 4 },
      ]);
    const all = await new Promise((resolve, reject) =>
      publicLookup(resolver)("push.example.com", { all: true }, (err, addresses) =>
        err ? reject(err) : resolve(addresses),
      ),
    );
    expect(all).toEqual([
      { address: "2001:4860:4860::8888", family: 6 },
      { address: "8.8.8.8", family: 4 },
    ]);
    const mixed: Resolver = (_hostname, callback) =>
      callback(null, [
        { address: "8.8.8.8", family: 4 },
        { address: "10.0.0.5", family: 4 },
      ]);
    await expect(
      new Promise((resolve, reject) =>
        publicLookup(mixed)("push.example.com", {}, (err, address) => (err ? reject(err) : resolve(address))),
      ),
    ).rejects.toThrow(/10\.0\.0\.5, not a public address/);
  });

  it("reaches a local push service with PUSH_ALLOW_PRIVATE_HOSTS", async () => {
    const device = await push.subscribe(vapid.publicKey);
    const { send } = sender({ allowPrivateHosts: true });
    expect(await send({ endpoint: device.endpoint, userId: "u1", ...device.keys }, payload)).toBe("accepted");
    expect(push.received(device)).toEqual([payload]);
  });

  it("gives up on a push service that accepts the connection and never answers", async () => {
    const before = connections;
    const { send, lines } = sender({ allowPrivateHosts: true, timeoutMs: 300 });
    expect(await send(subscription(`http://127.0.0.1:${portOf(tcp)}/push`), payload)).toBe("failed");
    expect(connections).toBe(before + 1);
    expect(lines.join("\n")).toMatch(/timed out/);
  });

  it("gives up on a connection not made within the connect timeout", async () => {
    const unanswered: Resolver = () => {}; // the name never resolves: the socket stays connecting
    const { send, lines } = sender({ resolver: unanswered, connectTimeoutMs: 200, timeoutMs: 20_000 });
    expect(await send(subscription("https://push.example.com/push/6"), payload)).toBe("failed");
    expect(lines.join("\n")).toMatch(/no connection within 200 ms/);
  });

  it("reads no more than a few KiB of an answer, and follows no redirect", async () => {
    let redirected = 0;
    const target = await listen(createHttpServer((_req, res) => void ((redirected += 1), res.end())));
    const endless = await listen(
      createHttpServer((req, res) => {
        if (req.url === "/redirect") {
          res.writeHead(308, { location: `http://127.0.0.1:${portOf(target)}/` }).end();
          return;
        }
        res.writeHead(201);
        const chunk = Buffer.alloc(16 * 1024, "x");
        const pump = () => {
          while (res.write(chunk));
        };
        res.on("drain", pump);
        pump(); // never ends: a sender that reads it all waits for its timeout
      }),
    );
    try {
      const { send } = sender({ allowPrivateHosts: true, timeoutMs: 20_000 });
      const base = `http://127.0.0.1:${portOf(endless)}`;
      expect(await send(subscription(`${base}/push`), payload)).toBe("accepted");
      expect(await send(subscription(`${base}/redirect`), payload)).toBe("failed");
      expect(redirected).toBe(0);
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
      await new Promise((resolve) => target.close(resolve));
    }
  });
});
