// GET /api/stream: Server-Sent Events for the signed-in user (401 otherwise).
// `retry: 1000`, a `ready` event, then `message`, `notification`, `read` and `session`
// events as they happen, and a heartbeat comment every 25 s. The stream ends when the
// browser disconnects (request.signal) or the session ends (checked at each heartbeat).
// A member holds at most MAX_STREAMS_PER_MEMBER streams on one server process (429 beyond
// it, until one closes); the count is per process, so N instances allow N times as many.
//
// The server's express compression middleware (server/index.ts) would buffer a compressible body;
// `Cache-Control: no-transform` makes it leave this one alone, and `X-Accel-Buffering: no`
// asks nginx-style proxies not to buffer either.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { getUser, requireUser } from "~/models/auth.server";
import { SSE_HEARTBEAT, SSE_RECONNECT_STEPS } from "~/lib/constants";
import { isShuttingDown, liveEventStream } from "~/lib/server/live-stream.server";
import { errorResponse, answerUserErrors } from "~/lib/server/form-reply.server";

/** Whether the request's session still belongs to a signed-in, unsuspended user. */
async function stillSignedIn(request: Request, userId: number): Promise<boolean> {
  // A fresh Request: getUser caches its answer per Request object.
  const user = await getUser(new Request(request.url, { headers: request.headers }));
  return user?.id === userId;
}

/** Live streams one member may hold open on one process (tabs and devices together). */
export const MAX_STREAMS_PER_MEMBER = 5;
const openByMember = new Map<number, number>();

/** Takes one of the member's stream places; null when all are in use. The answer frees it (once). */
function takeStreamPlace(userId: number): (() => void) | null {
  const open = openByMember.get(userId) ?? 0;
  if (open >= MAX_STREAMS_PER_MEMBER) return null;
  openByMember.set(userId, open + 1);
  let freed = false;
  return () => {
    if (freed) return;
    freed = true;
    const left = (openByMember.get(userId) ?? 1) - 1;
    if (left > 0) openByMember.set(userId, left);
    else openByMember.delete(userId);
  };
}

/** `stream`, calling `release` once when it ends, fails or its reader goes away. */
function releasingOnEnd(stream: ReadableStream<Uint8Array>, release: () => void): ReadableStream<Uint8Array> {
  const reader = stream.getReader();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await reader.read();
        if (done) {
          release();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        release();
        controller.error(error);
      }
    },
    cancel(reason) {
      release();
      return reader.cancel(reason);
    },
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  return answerUserErrors(async () => {
    const user = await requireUser(request);
    // A browser can still reach a stopping server over a kept-alive connection: answer 503
    // and close that connection, so its next attempt reaches the server taking over.
    if (isShuttingDown()) {
      return new Response(null, { status: 503, headers: { Connection: "close", "Retry-After": "1", "Cache-Control": "no-store" } });
    }
    const release = takeStreamPlace(user.id);
    if (!release) {
      return errorResponse(429, `You already have ${MAX_STREAMS_PER_MEMBER} live connections open. Close a tab and try again.`, {
        "Retry-After": "5",
        "Cache-Control": "no-store",
      });
    }
    request.signal.addEventListener("abort", release, { once: true });
    const events = liveEventStream({
      userId: user.id,
      signal: request.signal,
      heartbeatMs: SSE_HEARTBEAT,
      retryMs: SSE_RECONNECT_STEPS[0],
      isAlive: () => stillSignedIn(request, user.id),
    });
    return new Response(releasingOnEnd(events, release), {
      headers: {
        "Content-Type": "text/event-stream; charset=utf-8",
        "Cache-Control": "no-cache, no-transform",
        "X-Accel-Buffering": "no",
      },
    });
  });
}
