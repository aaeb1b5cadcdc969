// The client's address the server hands the app (X-Client-Address): the socket's peer, never
// what the client claims; behind TRUST_PROXY proxies, the rightmost X-Forwarded-For entry no
// trusted proxy wrote (the client's own entries further left are never believed).
import type { IncomingMessage } from "node:http";
import { clientAddress, trustProxy } from "../../server";
import { ensure, type Check } from "./harness";

function fakeRequest(remoteAddress: string | undefined, headers: Record<string, string>): IncomingMessage {
  return { socket: { remoteAddress }, headers } as unknown as IncomingMessage;
}

const CASES: { name: string; remote: string | undefined; headers: Record<string, string>; trusted: boolean; expect: string }[] = [
  { name: "socket peer", remote: "203.0.113.7", headers: {}, trusted: false, expect: "203.0.113.7" },
  { name: "IPv4-mapped IPv6", remote: "::ffff:127.0.0.1", headers: {}, trusted: false, expect: "127.0.0.1" },
  { name: "a claimed X-Client-Address is ignored", remote: "203.0.113.7", headers: { "x-client-address": "1.2.3.4" }, trusted: false, expect: "203.0.113.7" },
  { name: "X-Forwarded-For ignored without TRUST_PROXY", remote: "203.0.113.7", headers: { "x-forwarded-for": "1.2.3.4" }, trusted: false, expect: "203.0.113.7" },
  {
    name: "the proxy's entry with TRUST_PROXY, not the client's",
    remote: "10.0.0.2",
    headers: { "x-forwarded-for": "6.6.6.6, 198.51.100.4" },
    trusted: true,
    expect: "198.51.100.4",
  },
  { name: "empty X-Forwarded-For falls back to the peer", remote: "10.0.0.2", headers: { "x-forwarded-for": " " }, trusted: true, expect: "10.0.0.2" },
  { name: "junk X-Forwarded-For", remote: "10.0.0.2", headers: { "x-forwarded-for": "1.1.1.1, <script>" }, trusted: true, expect: "unknown" },
  { name: "no socket address", remote: undefined, headers: {}, trusted: false, expect: "unknown" },
];

export const clientAddressCheck: Check = {
  name: "client-address",
  async run() {
    for (const item of CASES) {
      const got = clientAddress(fakeRequest(item.remote, item.headers), item.trusted);
      ensure(got === item.expect, `${item.name}: got ${got}, expected ${item.expect}`);
    }
    const env = (value?: string) => ({ TRUST_PROXY: value }) as unknown as NodeJS.ProcessEnv;
    ensure(
      trustProxy(env("true")) && trustProxy(env("True")) && trustProxy(env("1")) && !trustProxy(env("false")) && !trustProxy(env()),
      "TRUST_PROXY: true/True/1 on, false or unset off",
    );
    return `${CASES.length} cases: the socket's address, never the client's claim; behind TRUST_PROXY the rightmost X-Forwarded-For hop`;
  },
};
