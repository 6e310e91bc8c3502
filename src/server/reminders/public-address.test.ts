import { describe, expect, it } from "vitest";
import { endpointRefusal, ipLiteralOf, isPublicAddress } from "./public-address";

describe("isPublicAddress", () => {
  it("refuses loopback, private, link-local, CGNAT, multicast, unspecified and documentation addresses", () => {
    for (const address of [
      "0.0.0.0",
      "0.1.2.3",
      "10.0.0.5",
      "100.64.0.1",
      "100.127.255.254",
      "127.0.0.1",
      "127.255.255.255",
      "169.254.169.254",
      "172.16.0.1",
      "172.31.255.255",
      "192.0.0.8",
      "192.0.2.1",
      "192.88.99.1",
      "192.168.1.1",
      "198.18.0.1",
      "198.19.255.255",
      "198.51.100.7",
      "203.0.113.9",
      "224.0.0.1",
      "239.255.255.250",
      "240.0.0.1",
      "255.255.255.255",
      "::",
      "::1",
      "::ffff:127.0.0.1",
      "::ffff:8.8.8.8", // mapped: refused even when public
      "::ffff:7f00:1",
      "::127.0.0.1",
      "64:ff9b::7f00:1",
      "64:ff9b::808:808",
      "fc00::1",
      "fd12:3456::1",
      "fe80::1",
      "fe80::1%eth0",
      "ff02::1",
      "2001:db8::1",
      "2001::1",
      "2002:7f00:1::1",
      "100::1",
    ])
      expect(isPublicAddress(address), address).toBe(false);
  });

  it("accepts public unicast addresses", () => {
    for (const address of [
      "8.8.8.8",
      "1.1.1.1",
      "93.184.216.34",
      "100.63.255.255",
      "100.128.0.0",
      "172.15.255.255",
      "172.32.0.0",
      "192.0.1.1",
      "192.169.0.1",
      "198.17.255.255",
      "198.20.0.0",
      "223.255.255.255",
      "2001:4860:4860::8888",
      "2a00:1450:4001:80b::200a",
      "2606:4700::1111",
    ])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it("is false for what is not an address", () => {
    for (const text of ["", "localhost", "push.example.com", "1.2.3", "::g", "[::1]"])
      expect(isPublicAddress(text), text).toBe(false);
  });
});

describe("ipLiteralOf", () => {
  it("reads a URL host's IP literal, brackets removed; null for a name", () => {
    expect(ipLiteralOf("10.0.0.5")).toBe("10.0.0.5");
    expect(ipLiteralOf("[::1]")).toBe("::1");
    expect(ipLiteralOf("push.example.com")).toBeNull();
  });
});

describe("endpointRefusal", () => {
  it("refuses IP literals, localhost and plain http without PUSH_ALLOW_PRIVATE_HOSTS", () => {
    for (const [endpoint, refusal] of [
      ["https://10.0.0.5:8443/admin", "ip"],
      ["https://[::1]/", "ip"],
      ["https://8.8.8.8/push", "ip"],
      ["https://0x7f.1/", "ip"], // the URL parser reads it as 127.0.0.1
      ["https://localhost/x", "localhost"],
      ["https://LOCALHOST./x", "localhost"],
      ["https://a.localhost/x", "localhost"],
      ["http://push.example.com/x", "https"],
      ["http://127.0.0.1:3000/", "https"],
      ["not a url", "url"],
    ])
      expect(endpointRefusal(endpoint!, false), endpoint).toBe(refusal);
    expect(endpointRefusal("https://fcm.googleapis.com/fcm/send/abc", false)).toBeNull();
    expect(endpointRefusal("https://localhost.example.com/x", false)).toBeNull();
  });

  it("accepts any endpoint with PUSH_ALLOW_PRIVATE_HOSTS", () => {
    expect(endpointRefusal("http://127.0.0.1:3000/push", true)).toBeNull();
  });
});
