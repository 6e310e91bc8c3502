// Which addresses a push may go to (docs/decisions/0054-push-to-public-addresses-fairly.md): public unicast only,
// never the server's own network. Pure: the sender checks each address DNS answers, the route checks the URL's form.
import { BlockList, isIP } from "node:net";

const v4 = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // CGNAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local (cloud metadata services)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relays
  ["192.168.0.0", 16],
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, and 255.255.255.255
] as const)
  v4.addSubnet(network, prefix, "ipv4");

// IPv6 must be global unicast (2000::/3): that leaves out ::, ::1, IPv4-mapped and -compatible addresses, fc00::/7,
// fe80::/10, ff00::/8 and 64:ff9b::/96 (NAT64, which can reach any IPv4 address). Within it, these are not public.
const v6Global = new BlockList();
v6Global.addSubnet("2000::", 3, "ipv6");
const v6 = new BlockList();
for (const [network, prefix] of [
  ["2001::", 32], // Teredo
  ["2001:2::", 48], // benchmarking
  ["2001:10::", 28], // ORCHID
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: embeds any IPv4 address
] as const)
  v6.addSubnet(network, prefix, "ipv6");

/** True for a public unicast IPv4 or IPv6 address; false for anything else, a name or garbage included. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !v4.check(address, "ipv4");
  if (family === 6) return v6Global.check(address, "ipv6") && !v6.check(address, "ipv6");
  return false;
}

/** A URL's host as an address when it is an IP literal ("[::1]" gives "::1"); null for a name. */
export function ipLiteralOf(hostname: string): string | null {
  const bare = hostname.startsWith("[") && hostname.endsWith("]") ? hostname.slice(1, -1) : hostname;
  return isIP(bare) === 0 ? null : bare;
}

/**
 * Why a push endpoint may not be used, or null: without `allowPrivateHosts`, only https to a host name that is not
 * localhost (an IP literal skips DNS, so names are the only form the send-time check can vet the same way).
 */
export function endpointRefusal(
  endpoint: string,
  allowPrivateHosts: boolean,
): "url" | "https" | "ip" | "localhost" | null {
  if (allowPrivateHosts) return null;
  if (!URL.canParse(endpoint)) return "url";
  const url = new URL(endpoint);
  if (url.protocol !== "https:") return "https";
  const literal = ipLiteralOf(url.hostname);
  if (literal !== null) return "ip";
  const host = url.hostname.replace(/\.$/, "").toLowerCase();
  if (host === "localhost" || host.endsWith(".localhost")) return "localhost";
  return null;
}
