// The client's address the server hands the app (X-Client-Address): the socket's peer, never
// what the client claims; the first X-Forwarded-For hop only with TRUST_PROXY=true.
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
  { name: "first X-Forwarded-For hop with TRUST_PROXY", remote: "10.0.0.2", headers: { "x-forwarded-for": "198.51.100.4, 10.0.0.1" }, trusted: true, expect: "198.51.100.4" },
  { name: "empty X-Forwarded-For falls back to the peer", remote: "10.0.0.2", headers: { "x-forwarded-for": " " }, trusted: true, expect: "10.0.0.2" },
  { name: "junk X-Forwarded-For", remote: "10.0.0.2", headers: { "x-forwarded-for": "<script>, 1.1.1.1" }, trusted: true, expect: "unknown" },
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
    ensure(trustProxy(env("true")) && !trustProxy(env("1")) && !trustProxy(env()), "TRUST_PROXY is on only for the value true");
    return `${CASES.length} cases: the socket's address, never the client's claim; X-Forwarded-For only with TRUST_PROXY=true`;
  },
};
