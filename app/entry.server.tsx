// Renders the document whole, within the request's own turn of the event loop, and sends it
// in one piece (docs/decisions/documents-rendered-whole.md): every reader, browser or
// crawler, gets the same bytes. Every document gets the security headers, with a fresh CSP
// nonce that the inline scripts Remix renders carry (RemixServer for the loader data,
// <Scripts> and <ScrollRestoration> through NonceContext).
import type { EntryContext, HandleDataRequestFunction, HandleErrorFunction } from "@remix-run/node";
import { RemixServer, isRouteErrorResponse } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { UserError } from "~/lib/user-error";
import { log, REQUEST_ID_HEADER } from "~/lib/server/logger.server";
import { NonceContext } from "~/lib/client/nonce";
import { baseSecurityHeaders, createNonce, isSecureRequest, securityHeaders } from "~/lib/server/security-headers.server";
import { startInsuranceReminders } from "~/models/insurance-reminders.server";
import { backgroundWorkEnabled, jobWorkerEnabled, mediaPublicUrl, settings } from "~/lib/server/env.server";
import { setMediaBase } from "~/lib/media/media-types";
import { documentKeys, reusesRender, routeCacheOf, sharedWithVisitors } from "~/cache/route-cache";
import { KEPT_KEYS_HEADER } from "~/cache/data-keys";
import { createRenderMemo, renderStamp, type RenderStamp } from "~/cache/render-memo.server";
import { createPartStore } from "~/cache/kept-parts.server";
import { KeptPartsContext } from "~/lib/client/kept-parts";
import { startProcessJobWorker, stopProcessJobWorker } from "~/models/job-worker.server";
import { forwardNotificationsToStreams } from "~/models/notification.server";
import { appMetrics, readiness as appReadiness, type AppMetrics, type Readiness } from "~/models/health.server";
import { readDocumentData } from "~/lib/server/document-data.server";
import { registerServerParts } from "./server-parts.server";

// What the server renders of the parts the browser downloads only when they open; then the
// background work of the server process: insurance reminders now and every hour, and the
// job worker (uploaded media) unless JOB_WORKER=off. A server of several processes runs the
// background work in one of them only (BACKGROUND_WORK, set by server/primary.ts). Every process
// forwards notifications to the live streams it serves.
registerServerParts();
forwardNotificationsToStreams();
// MEDIA_PUBLIC_URL: media links point at the CDN or bucket (the browser learns it from the root loader).
setMediaBase(mediaPublicUrl());
if (backgroundWorkEnabled()) {
  startInsuranceReminders();
  if (jobWorkerEnabled()) startProcessJobWorker({ label: "server" });
}

/** server/index.ts calls this on a graceful stop: running jobs finish or go back to the queue. */
export function stopBackgroundWork(): Promise<void> {
  return stopProcessJobWorker();
}

/** server/health.ts asks this for /readyz: the database answers and the live-event listener is up. */
export function readiness(): Promise<Readiness> {
  return appReadiness();
}

/** The visitors' page cache (server/visitor-pages.ts) checks kept pages against what this process knows of the database's changes. */
export { freshness } from "~/db.server";

/** server/metrics.ts asks this at each scrape: the job queue and the database pool. */
export function metrics(): Promise<AppMetrics> {
  return appMetrics();
}

/** How long Remix waits for a deferred value of loader data before it writes an error instead. */
export const streamTimeout = 5000;

/** Documents of this process reused while their data stays the same (app/cache/render-memo.server.ts). */
const renders = createRenderMemo();
/** Parts of documents written again while what they are made from stays the same (app/cache/kept-parts.server.ts). */
const parts = createPartStore();

/** Whether rendered markup is kept: not in development (the code changes), nor with RENDER_REUSE_SECONDS=0. */
function keepsMarkup(): boolean {
  const { NODE_ENV, RENDER_REUSE_SECONDS } = settings();
  return NODE_ENV === "production" && RENDER_REUSE_SECONDS > 0;
}

/**
 * What a document is kept under, or null when it is rendered every time: off in development
 * (the code changes) and with RENDER_REUSE_SECONDS=0; only a 200 without errors of a route
 * whose handle's cache says a render may be reused (app/cache/route-cache.ts).
 */
function stampOf(request: Request, status: number, context: EntryContext): RenderStamp | null {
  if (!keepsMarkup()) return null;
  const handler = context.staticHandlerContext;
  if (request.method !== "GET" || status !== 200 || handler.errors || handler.actionData) return null;
  const leaf = handler.matches.at(-1)?.route.id;
  if (!leaf || !reusesRender(routeCacheOf(context.routeModules[leaf]?.handle))) return null;
  return renderStamp({ url: request.url, loaderData: handler.loaderData, at: Date.now(), maxAgeMs: settings().RENDER_REUSE_SECONDS * 1000 });
}

/** For a page visitors may share: the keys of what it shows, for server/visitor-pages.ts (null: anything). */
function visitorPageKeys(context: EntryContext): string[] | null {
  const handler = context.staticHandlerContext;
  const leaf = handler.matches.at(-1)?.route.id;
  if (!leaf || !sharedWithVisitors(routeCacheOf(context.routeModules[leaf]?.handle))) return null;
  return documentKeys(handler.matches.map(({ route }) => ({ handle: context.routeModules[route.id]?.handle, data: handler.loaderData[route.id] })));
}

export default async function handleRequest(request: Request, responseStatusCode: number, responseHeaders: Headers, remixContext: EntryContext) {
  const { pathname } = new URL(request.url);
  const nonce = createNonce();
  const headers = securityHeaders(pathname, { nonce, secure: isSecureRequest(request) });
  for (const [name, value] of Object.entries(headers)) responseHeaders.set(name, value);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  const keys = visitorPageKeys(remixContext);
  if (keys) responseHeaders.set(KEPT_KEYS_HEADER, keys.join(" "));

  // The same page for the same data: the kept markup.
  const stamp = stampOf(request, responseStatusCode, remixContext);
  const reused = stamp ? renders.take(stamp, nonce) : null;
  if (reused !== null) {
    responseHeaders.append("Server-Timing", 'render;desc="reused"');
    return new Response(reused, { headers: responseHeaders, status: responseStatusCode });
  }
  const documentParts = keepsMarkup() ? parts.forDocument() : null;
  // The loader data is read before the render, so that nothing suspends it.
  await readDocumentData(remixContext);
  // A render that throws leaves nothing kept; Remix renders the route's error boundary instead.
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <KeptPartsContext.Provider value={documentParts}>
        <RemixServer context={remixContext} url={request.url} nonce={nonce} />
      </KeptPartsContext.Provider>
    </NonceContext.Provider>,
  );
  const document = Buffer.from(`<!DOCTYPE html>${html}`);
  // A whole document gives its marked parts to keep, and its markup to the render memo.
  documentParts?.keep(document);
  if (stamp) renders.rendered(stamp, document, nonce);
  return new Response(document, { headers: responseHeaders, status: responseStatusCode });
}

/** Loader and action data (`.data` requests): nosniff, referrer policy, HSTS behind TLS. */
export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  try {
    for (const [name, value] of Object.entries(baseSecurityHeaders({ secure: isSecureRequest(request) }))) {
      if (!response.headers.has(name)) response.headers.set(name, value);
    }
  } catch {
    // A response with immutable headers goes out as it is.
  }
  return response;
};

/**
 * What reaches the log: errors of the server, with their stack. An expected 4xx (an
 * unknown URL's 404, a 405 for a method a route does not take, a 400 thrown as a Response)
 * is an answer, not a fault, and writes nothing; neither does a request the client gave up.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isExpectedClientError(error)) return;
  const cause = isRouteErrorResponse(error) && (error as { error?: unknown }).error ? (error as { error?: unknown }).error : error;
  log().error({ err: cause, requestId: request.headers.get(REQUEST_ID_HEADER), url: request.url }, "request failed");
};

function isExpectedClientError(error: unknown): boolean {
  const status = error instanceof Response ? error.status : isRouteErrorResponse(error) ? error.status : error instanceof UserError ? error.status : 500;
  return status >= 400 && status < 500;
}
