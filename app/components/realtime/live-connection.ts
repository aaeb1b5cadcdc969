// One Server-Sent Events connection per browser tab to GET /api/stream, shared by every
// component that listens (the header badges, the messages page...).
//
// - The stream's events (`message`, `notification`, `read`, `session`) go to every listener.
// - When the connection fails, it reconnects after 1 s, 2 s, 5 s, then 10 s; a
//   `ready` event resets the ladder. After the last step it falls back to polling: each
//   listener's `poll` runs every 30 s, and each poll also tries the stream once more.
// - Coming back online or to the tab reconnects at once.
// - After a reconnect, listeners get `reconnect` so they can fetch what they missed.
// - A `session` event (signed out, suspended) stops everything: no reconnecting.
import { COUNT_POLL, SSE_RECONNECT_STEPS } from "~/lib/constants";
import { LIVE_EVENT_TYPES, type LiveEventType } from "~/lib/wire";
import { apiPaths } from "~/lib/paths";

export const STREAM_URL = apiPaths.stream;
export { LIVE_EVENT_TYPES };
export type LiveEventName = LiveEventType;

export type LiveStatus = "idle" | "connecting" | "open" | "reconnecting" | "polling" | "closed";

export type LiveListener = {
  event?: (type: LiveEventName, data: unknown) => void;
  status?: (status: LiveStatus) => void;
  /** The stream is back after a break: fetch what may have been missed. */
  reconnect?: () => void;
  /** The stream is unavailable: check for news the slow way. */
  poll?: () => void;
};

/** The wait before reconnect attempt `attempt` (0-based), or null: give up and poll. */
export function reconnectDelay(attempt: number, steps: readonly number[] = SSE_RECONNECT_STEPS): number | null {
  return attempt >= 0 && attempt < steps.length ? steps[attempt] : null;
}

type SourceLike = Pick<EventSource, "addEventListener" | "close"> & { onerror: ((event: Event) => void) | null };

export type LiveConnectionOptions = {
  url?: string;
  steps?: readonly number[];
  pollInterval?: number;
  /** For tests: how to open a stream (null: EventSource is unavailable). */
  createSource?: ((url: string) => SourceLike) | null;
  /** For tests: a window-like target for `online` and `visibilitychange`. */
  environment?: { addEventListener: Window["addEventListener"]; removeEventListener: Window["removeEventListener"] } | null;
  isVisible?: () => boolean;
};

export class LiveConnection {
  private readonly listeners = new Set<LiveListener>();
  private source: SourceLike | null = null;
  private attempt = 0;
  private everOpened = false;
  private brokenSinceOpen = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private pollTimer: ReturnType<typeof setInterval> | null = null;
  private probing = false;
  private stopped = false;
  status: LiveStatus = "idle";

  private readonly url: string;
  private readonly steps: readonly number[];
  private readonly pollInterval: number;
  private readonly createSource: ((url: string) => SourceLike) | null;
  private readonly environment: LiveConnectionOptions["environment"];
  private readonly isVisible: () => boolean;

  constructor(options: LiveConnectionOptions = {}) {
    this.url = options.url ?? STREAM_URL;
    this.steps = options.steps ?? SSE_RECONNECT_STEPS;
    this.pollInterval = options.pollInterval ?? COUNT_POLL;
    this.createSource =
      options.createSource !== undefined ? options.createSource : typeof EventSource === "undefined" ? null : (url) => new EventSource(url, { withCredentials: true });
    this.environment = options.environment !== undefined ? options.environment : typeof window === "undefined" ? null : window;
    this.isVisible = options.isVisible ?? (() => typeof document === "undefined" || document.visibilityState !== "hidden");
  }

  /** Adds a listener (opening the stream for the first one); returns the remover. */
  add(listener: LiveListener): () => void {
    this.listeners.add(listener);
    listener.status?.(this.status);
    if (this.listeners.size === 1) this.start();
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.shutdown("idle");
    };
  }

  private setStatus(status: LiveStatus) {
    if (this.status === status) return;
    this.status = status;
    for (const listener of [...this.listeners]) listener.status?.(status);
  }

  private emit(type: LiveEventName, data: unknown) {
    for (const listener of [...this.listeners]) {
      try {
        listener.event?.(type, data);
      } catch (error) {
        console.error(error);
      }
    }
  }

  private readonly onOnline = () => this.retryNow();
  private readonly onVisibility = () => {
    if (this.isVisible()) this.retryNow();
  };

  private start() {
    this.stopped = false;
    this.attempt = 0;
    this.environment?.addEventListener("online", this.onOnline);
    this.environment?.addEventListener("visibilitychange", this.onVisibility);
    this.connect();
  }

  /** Reconnects immediately when the stream is down (not when it was closed for good). */
  retryNow() {
    if (this.stopped || this.listeners.size === 0) return;
    if (this.status !== "reconnecting" && this.status !== "polling") return;
    this.clearTimer();
    this.attempt = 0;
    this.stopPolling();
    this.connect();
  }

  private connect() {
    this.clearTimer();
    if (!this.createSource) {
      this.startPolling();
      return;
    }
    if (this.status !== "polling") this.setStatus(this.everOpened ? "reconnecting" : "connecting");
    let source: SourceLike;
    try {
      source = this.createSource(this.url);
    } catch {
      this.onFailure();
      return;
    }
    this.source = source;
    source.addEventListener("ready", () => {
      if (this.source !== source) return;
      const wasBroken = this.brokenSinceOpen;
      this.attempt = 0;
      this.everOpened = true;
      this.brokenSinceOpen = false;
      this.probing = false;
      this.stopPolling();
      this.setStatus("open");
      if (wasBroken) for (const listener of [...this.listeners]) listener.reconnect?.();
    });
    for (const type of LIVE_EVENT_TYPES) {
      source.addEventListener(type, (event) => {
        if (this.source !== source) return;
        let data: unknown = null;
        try {
          data = JSON.parse((event as MessageEvent<string>).data);
        } catch {
          return;
        }
        this.emit(type, data);
        if (type === "session") this.shutdown("closed");
      });
    }
    source.onerror = () => {
      if (this.source !== source) return;
      // Take over from the browser's own retry so the steps are ours.
      source.close();
      this.source = null;
      this.onFailure();
    };
  }

  private onFailure() {
    if (this.stopped) return;
    this.brokenSinceOpen = true;
    if (this.probing || this.status === "polling") {
      // A probe from polling mode failed: keep polling.
      this.probing = false;
      this.setStatus("polling");
      return;
    }
    const delay = reconnectDelay(this.attempt, this.steps);
    if (delay === null) {
      this.startPolling();
      return;
    }
    this.attempt += 1;
    this.setStatus("reconnecting");
    this.timer = setTimeout(() => this.connect(), delay);
  }

  private startPolling() {
    this.setStatus("polling");
    if (this.pollTimer) return;
    this.pollTimer = setInterval(() => {
      for (const listener of [...this.listeners]) listener.poll?.();
      if (this.createSource && !this.source && !this.probing) {
        this.probing = true;
        this.connect();
      }
    }, this.pollInterval);
  }

  private stopPolling() {
    if (this.pollTimer) clearInterval(this.pollTimer);
    this.pollTimer = null;
  }

  private clearTimer() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private shutdown(status: LiveStatus) {
    this.stopped = status === "closed";
    this.clearTimer();
    this.stopPolling();
    this.probing = false;
    this.source?.close();
    this.source = null;
    this.environment?.removeEventListener("online", this.onOnline);
    this.environment?.removeEventListener("visibilitychange", this.onVisibility);
    this.setStatus(status);
    if (status === "idle") {
      this.everOpened = false;
      this.brokenSinceOpen = false;
    }
  }
}

let shared: LiveConnection | null = null;

/** The tab's one connection (created on first use, in the browser only). */
export function liveConnection(): LiveConnection {
  shared ??= new LiveConnection();
  return shared;
}
