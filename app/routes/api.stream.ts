// GET /api/stream: Server-Sent Events for the signed-in user (401 otherwise).
// `retry: 1000`, a `ready` event, then `message`, `notification`, `read` and `session`
// events as they happen, and a heartbeat comment every 25 s. The stream ends when the
// browser disconnects (request.signal) or the session ends (checked at each heartbeat).
//
// Under remix-serve the express compression middleware would buffer a compressible body;
// `Cache-Control: no-transform` makes it leave this one alone, and `X-Accel-Buffering: no`
// asks nginx-style proxies not to buffer either.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireUser } from "~/lib/auth.server";
import { SSE_HEARTBEAT, SSE_RECONNECT_STEPS } from "~/lib/constants";
import { hasListeners, isShuttingDown, liveEventStream, publishNotification } from "~/lib/live-events.server";
import { countUnread, subscribeNotifications } from "~/models/notification.server";

// Notifications announce changes through notification.server's own listener list; this
// forwards them to the streams, with the new unread count. It starts with the server (not
// with its first stream): with several instances, a notification made on one that serves no
// stream must still reach the others.
let bridged = false;
function bridgeNotifications() {
  if (bridged) return;
  bridged = true;
  subscribeNotifications((userId) => {
    if (!hasListeners(userId)) return;
    countUnread(userId).then(
      (unread_count) => publishNotification(userId, { unread_count }),
      () => publishNotification(userId),
    );
  });
}
bridgeNotifications();

/** Whether the request's session still belongs to a signed-in, unsuspended user. */
async function stillSignedIn(request: Request, userId: number): Promise<boolean> {
  // A fresh Request: getUser caches its answer per Request object.
  const user = await getUser(new Request(request.url, { headers: request.headers }));
  return user?.id === userId;
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // A browser can still reach a stopping server over a kept-alive connection: answer 503
  // and close that connection, so its next attempt reaches the server taking over.
  if (isShuttingDown()) {
    return new Response(null, { status: 503, headers: { Connection: "close", "Retry-After": "1", "Cache-Control": "no-store" } });
  }
  const stream = liveEventStream({
    userId: user.id,
    signal: request.signal,
    heartbeatMs: SSE_HEARTBEAT,
    retryMs: SSE_RECONNECT_STEPS[0],
    isAlive: () => stillSignedIn(request, user.id),
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/event-stream; charset=utf-8",
      "Cache-Control": "no-cache, no-transform",
      "X-Accel-Buffering": "no",
    },
  });
}
