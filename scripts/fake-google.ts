// A fake Google OAuth provider on 127.0.0.1, for tests and local demos of "Sign in with
// Google" without the internet. Point the app at it with
//   GOOGLE_CLIENT_ID=test GOOGLE_CLIENT_SECRET=test GOOGLE_OAUTH_BASE_URL=http://127.0.0.1:<port>
//
// It serves Google's three paths:
//   GET  /o/oauth2/v2/auth     approves at once (no screen) and redirects to redirect_uri
//                              with a code and the state
//   POST /token                trades the code for tokens (checks client, secret, redirect_uri)
//   GET  /oauth2/v3/userinfo   the profile of the person behind the access token
// and a control path for tests:
//   POST /__user {sub,email,email_verified,name}   who "signs in" next
//   GET  /__requests                               the authorize requests seen (JSON)
//
// Run by hand:  npx tsx scripts/fake-google.ts [--port 4010] [--email you@example.com] [--name "You"]
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeGoogleUser = {
  sub: string;
  email: string;
  email_verified: boolean;
  name: string;
  given_name?: string;
  family_name?: string;
  picture?: string;
};

export type FakeGoogle = {
  url: string;
  port: number;
  /** Who signs in next. */
  setUser(user: Partial<FakeGoogleUser>): void;
  /** Query strings of the authorize requests seen so far. */
  authorizeRequests: URLSearchParams[];
  close(): Promise<void>;
};

export const DEFAULT_FAKE_USER: FakeGoogleUser = {
  sub: "100000000000000000001",
  email: "google.driver@example.com",
  email_verified: true,
  name: "Google Driver",
  given_name: "Google",
  family_name: "Driver",
};

type Grant = { user: FakeGoogleUser; clientId: string; redirectUri: string; expiresAt: number };

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => {
      data += chunk;
      if (data.length > 64 * 1024) request.destroy();
    });
    request.on("end", () => resolve(data));
    request.on("error", reject);
  });
}

export function startFakeGoogle(options: { port?: number; user?: Partial<FakeGoogleUser>; clientId?: string; clientSecret?: string } = {}): Promise<FakeGoogle> {
  let user: FakeGoogleUser = { ...DEFAULT_FAKE_USER, ...options.user };
  const codes = new Map<string, Grant>();
  const tokens = new Map<string, FakeGoogleUser>();
  const authorizeRequests: URLSearchParams[] = [];
  const token = () => randomBytes(18).toString("base64url");

  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { "Content-Type": "application/json", "Cache-Control": "no-store" });
      response.end(JSON.stringify(body));
    };
    try {
      if (request.method === "GET" && url.pathname === "/o/oauth2/v2/auth") {
        authorizeRequests.push(url.searchParams);
        const redirectUri = url.searchParams.get("redirect_uri");
        const clientId = url.searchParams.get("client_id");
        if (!redirectUri || !clientId || url.searchParams.get("response_type") !== "code") {
          return json(400, { error: "invalid_request" });
        }
        if (options.clientId && clientId !== options.clientId) return json(401, { error: "invalid_client" });
        const back = new URL(redirectUri);
        const code = token();
        codes.set(code, { user, clientId, redirectUri, expiresAt: Date.now() + 60_000 });
        back.searchParams.set("code", code);
        const state = url.searchParams.get("state");
        if (state) back.searchParams.set("state", state);
        response.writeHead(302, { Location: back.toString() });
        return response.end();
      }

      if (request.method === "POST" && url.pathname === "/token") {
        const form = new URLSearchParams(await readBody(request));
        const grant = codes.get(form.get("code") ?? "");
        codes.delete(form.get("code") ?? "");
        if (form.get("grant_type") !== "authorization_code" || !grant || grant.expiresAt < Date.now()) {
          return json(400, { error: "invalid_grant" });
        }
        if (form.get("client_id") !== grant.clientId || form.get("redirect_uri") !== grant.redirectUri) {
          return json(400, { error: "invalid_grant" });
        }
        if (options.clientSecret && form.get("client_secret") !== options.clientSecret) return json(401, { error: "invalid_client" });
        const accessToken = token();
        tokens.set(accessToken, grant.user);
        return json(200, {
          access_token: accessToken,
          refresh_token: token(),
          expires_in: 3599,
          token_type: "Bearer",
          scope: "openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile",
          id_token: token(),
        });
      }

      if (request.method === "GET" && url.pathname === "/oauth2/v3/userinfo") {
        const bearer = (request.headers.authorization ?? "").replace(/^Bearer\s+/i, "");
        const person = tokens.get(bearer);
        if (!person) return json(401, { error: "invalid_token" });
        return json(200, person);
      }

      if (request.method === "POST" && url.pathname === "/__user") {
        const next = JSON.parse((await readBody(request)) || "{}") as Partial<FakeGoogleUser>;
        user = { ...DEFAULT_FAKE_USER, ...next };
        return json(200, user);
      }

      if (request.method === "GET" && url.pathname === "/__requests") {
        return json(
          200,
          authorizeRequests.map((params) => Object.fromEntries(params)),
        );
      }

      json(404, { error: "not_found" });
    } catch (error) {
      json(500, { error: String(error) });
    }
  });

  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        port,
        setUser(next) {
          user = { ...DEFAULT_FAKE_USER, ...next };
        },
        authorizeRequests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

// Run from the command line.
if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const arg = (name: string) => {
    const index = process.argv.indexOf(`--${name}`);
    return index > 0 ? process.argv[index + 1] : undefined;
  };
  const email = arg("email");
  const name = arg("name");
  startFakeGoogle({
    port: Number(arg("port") ?? process.env.FAKE_GOOGLE_PORT ?? 4010),
    user: { ...(email ? { email, sub: `fake-${email}` } : {}), ...(name ? { name } : {}) },
  }).then((fake) => {
    console.info(`Fake Google on ${fake.url}`);
    console.info(`Start the app with GOOGLE_CLIENT_ID=test GOOGLE_CLIENT_SECRET=test GOOGLE_OAUTH_BASE_URL=${fake.url}`);
  });
}
