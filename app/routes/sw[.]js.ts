// GET /sw.js: the service worker (app/lib/service-worker.server.ts), for scope "/". Browsers
// check it again at every visit, so it is never cached for long.
import { VERSIONS } from "~/lib/changelog";
import { serviceWorkerSource } from "~/lib/service-worker.server";

export function loader() {
  const version = VERSIONS[0]?.buildNumber ?? 0;
  return new Response(serviceWorkerSource(version), {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": "/",
    },
  });
}
