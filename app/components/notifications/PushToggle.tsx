// "Notifications on this device": turns push notifications on or off for this browser, through
// the app's service worker (lib/client/service-worker); without JavaScript the button is not shown and
// every page works as before. On an iPhone or
// iPad, pushes need the app on the home screen first: the toggle says so there.
import "./notifications.css";
import { useCallback, useEffect, useState } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import { SERVICE_WORKER_URL } from "~/lib/client/service-worker";
import { apiPaths } from "~/lib/paths";

type State = "checking" | "unsupported" | "ios-home-screen" | "unavailable" | "denied" | "off" | "on" | "busy";

/** The subscription key as the Push API wants it: bytes from base64url. */
function keyBytes(base64url: string): Uint8Array {
  const base64 = base64url
    .replace(/-/g, "+")
    .replace(/_/g, "/")
    .padEnd(Math.ceil(base64url.length / 4) * 4, "=");
  const raw = atob(base64);
  return Uint8Array.from(raw, (char) => char.charCodeAt(0));
}

/** An iPhone, iPad or iPod (iPadOS also says Macintosh, with a touch screen). */
export function isAppleMobile(): boolean {
  if (typeof navigator === "undefined") return false;
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (/Macintosh/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
}

function onHomeScreen(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.("(display-mode: standalone)").matches === true;
}

function pushSupported(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

async function readError(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: string };
    return body.error ?? "Notifications could not be turned on";
  } catch {
    return "Notifications could not be turned on";
  }
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration("/");
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export function PushToggle({ compact = false }: { compact?: boolean }) {
  const hydrated = useHydrated();
  const [state, setState] = useState<State>("checking");
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!hydrated) return;
    let cancelled = false;
    (async () => {
      if (!pushSupported()) return isAppleMobile() && !onHomeScreen() ? "ios-home-screen" : "unsupported";
      if (Notification.permission === "denied") return "denied";
      const subscription = await currentSubscription();
      return subscription ? "on" : "off";
    })().then(
      (next) => !cancelled && setState(next),
      () => !cancelled && setState("off"),
    );
    return () => {
      cancelled = true;
    };
  }, [hydrated]);

  const turnOn = useCallback(async () => {
    setError(null);
    setState("busy");
    try {
      const info = await fetch(apiPaths.pushSubscriptions, { headers: { Accept: "application/json" } });
      const { enabled, public_key } = (await info.json()) as { enabled: boolean; public_key: string | null };
      if (!info.ok || !enabled || !public_key) return setState("unavailable");
      const permission = await Notification.requestPermission();
      if (permission !== "granted") return setState(permission === "denied" ? "denied" : "off");
      await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
      const registration = await navigator.serviceWorker.ready;
      const subscription =
        (await registration.pushManager.getSubscription()) ??
        (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(public_key) as BufferSource }));
      const saved = await fetch(apiPaths.pushSubscriptions, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(subscription.toJSON()),
      });
      if (!saved.ok) {
        setError(await readError(saved));
        await subscription.unsubscribe().catch(() => false);
        return setState("off");
      }
      setState("on");
    } catch {
      setError("This browser could not turn on notifications");
      setState("off");
    }
  }, []);

  const turnOff = useCallback(async () => {
    setError(null);
    setState("busy");
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await fetch(apiPaths.pushSubscriptions, {
          method: "DELETE",
          headers: { "Content-Type": "application/json", Accept: "application/json" },
          body: JSON.stringify({ endpoint: subscription.endpoint }),
        });
        await subscription.unsubscribe();
      }
      setState("off");
    } catch {
      setError("Notifications could not be turned off");
      setState("on");
    }
  }, []);

  if (!hydrated || state === "checking") return null;

  const className = compact ? "push-toggle push-toggle--compact" : "push-toggle";
  let body: React.ReactNode;
  if (state === "ios-home-screen") {
    body = (
      <p className="push-toggle__note" data-testid="push-ios-note">
        On iPhone and iPad, add Car Social to your Home Screen first (Share, then Add to Home Screen), open it from there and turn notifications on.
      </p>
    );
  } else if (state === "unsupported") {
    body = compact ? null : <p className="push-toggle__note">This browser cannot show notifications.</p>;
  } else if (state === "unavailable") {
    body = <p className="push-toggle__note">Notifications are not available on this server.</p>;
  } else if (state === "denied") {
    body = <p className="push-toggle__note">Notifications are blocked for this site in your browser&apos;s settings.</p>;
  } else {
    const on = state === "on";
    body = (
      <button
        type="button"
        className={compact ? "btn btn--ghost btn--sm" : "btn btn--secondary btn--sm"}
        aria-pressed={on}
        disabled={state === "busy"}
        onClick={on ? turnOff : turnOn}
        data-testid="push-toggle"
      >
        {on ? "Turn off notifications on this device" : "Turn on notifications on this device"}
      </button>
    );
  }
  if (body === null) return null;
  return (
    <div className={className}>
      {body}
      {error ? (
        <p className="push-toggle__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
