// The client's auth status: loading, then authenticated or
// unauthenticated. The browser's stored session user (`sessionUser`: id, email, username,
// loginTime) is checked against the server session with POST /api/auth/validate-session
// at start, every 5 minutes, 0.5 s after the tab becomes visible, 1 s after the network
// comes back, and whenever another tab changes the stored user. The server answers valid,
// or an action: clear the stored user, or sync it from the server session. When the page's
// own data (the root loader's user) disagrees with the server, the root is revalidated, so
// signing in or out in one tab shows in the others.
// If validation fails (8 s time-out, network, server error) the status falls back to
// GET /api/auth/session, then to the locally stored user. Both are read with fetch, not a
// fetcher: docs/decisions/session-check.md says why.
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "@remix-run/react";
import {
  SESSION_CHECK_INTERVAL,
  SESSION_LIFETIME,
  SESSION_ONLINE_DELAY,
  SESSION_USER_STORAGE_KEY,
  SESSION_VALIDATE_TIMEOUT,
  SESSION_VISIBLE_DELAY,
} from "~/lib/constants";
import { clearSessionUser, readSessionUser, readStoredSessionData, storeSessionUser, type SessionUser } from "~/lib/client/session-user";
import { useRootData } from "~/lib/client/user";
import { apiPaths } from "~/lib/paths";

export type AuthStatus = "loading" | "authenticated" | "unauthenticated";

export type AuthStatusValue = {
  status: AuthStatus;
  /** The session user as last confirmed (or, offline, as stored). */
  user: SessionUser | null;
  /** Where the status came from last time: the server check, the session fallback, or local storage. */
  source: "validate" | "session" | "local" | null;
  /** Checks again now. */
  validate: () => Promise<void>;
};

const AuthStatusContext = createContext<AuthStatusValue>({
  status: "loading",
  user: null,
  source: null,
  validate: async () => undefined,
});

export function useAuthStatus(): AuthStatusValue {
  return useContext(AuthStatusContext);
}

type ValidateAnswer = {
  valid: boolean;
  syncRequired: boolean;
  action: "clear_client_session" | "sync_from_server" | null;
  serverSession: SessionUser | null;
  expiresAt?: string | null;
};

async function fetchJson<T>(url: string, init: RequestInit, timeout: number): Promise<T> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  try {
    const response = await fetch(url, {
      ...init,
      credentials: "same-origin",
      signal: controller.signal,
      headers: { Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) },
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return (await response.json()) as T;
  } finally {
    clearTimeout(timer);
  }
}

function sameUser(a: SessionUser | null, b: SessionUser | null): boolean {
  return a?.id === b?.id && a?.email === b?.email && a?.username === b?.username;
}

type Outcome = {
  user: SessionUser | null;
  source: AuthStatusValue["source"];
  fromServer: boolean;
  /** The user whose session should be extended now (POST /api/auth/refresh-session), if any. */
  refreshFor?: number | null;
};

/** One round of the session check described above; only touches local storage as the server says. */
async function checkSession(): Promise<Outcome> {
  const stored = readSessionUser();
  try {
    const answer = await fetchJson<ValidateAnswer>(
      apiPaths.validateSession,
      // The copy as kept: the server tells a malformed one (an id or loginTime of the wrong
      // type) to clear itself, where readSessionUser would have read it as nothing stored.
      { method: "POST", body: JSON.stringify({ clientSessionData: readStoredSessionData() }) },
      SESSION_VALIDATE_TIMEOUT,
    );
    const server = answer.serverSession;
    if (answer.action === "clear_client_session") clearSessionUser();
    else if (answer.action === "sync_from_server" && server) storeSessionUser(server, server.loginTime);
    // A rolling session: extend it once half its lifetime has gone.
    const refreshDue = Boolean(server && answer.expiresAt && Date.parse(answer.expiresAt) - Date.now() < SESSION_LIFETIME / 2);
    return { user: server, source: "validate", fromServer: true, refreshFor: refreshDue && server ? server.id : null };
  } catch {
    // Fall back to the plain session check, then to what this browser remembers.
    try {
      const session = await fetchJson<{ authenticated: boolean; user: { id: number; email: string; username: string } | null }>(
        apiPaths.session,
        { method: "GET" },
        SESSION_VALIDATE_TIMEOUT,
      );
      const user = session.authenticated && session.user ? { ...session.user, loginTime: stored?.loginTime ?? "" } : null;
      return { user: user && { id: user.id, email: user.email, username: user.username, loginTime: user.loginTime }, source: "session", fromServer: true };
    } catch {
      return { user: stored, source: "local", fromServer: false };
    }
  }
}

export function AuthStatusProvider({ children }: { children: React.ReactNode }) {
  const root = useRootData();
  const rootUserId = root?.user?.id ?? null;
  const revalidator = useRevalidator();

  const [state, setState] = useState<Omit<AuthStatusValue, "validate">>({ status: "loading", user: null, source: null });

  // Latest values for listeners and timers.
  const rootUserRef = useRef(rootUserId);
  rootUserRef.current = rootUserId;
  const revalidatorRef = useRef(revalidator);
  revalidatorRef.current = revalidator;
  const refresher = useFetcher();
  const refresherRef = useRef(refresher);
  refresherRef.current = refresher;
  const running = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const validate = useCallback((): Promise<void> => {
    // One check at a time; a request during a check runs one more afterwards.
    if (running.current) {
      again.current = true;
      return running.current;
    }
    const run = (async () => {
      do {
        again.current = false;
        const outcome = await checkSession();
        if (outcome.refreshFor) {
          const body = { userId: outcome.refreshFor };
          refresherRef.current.submit(body, { method: "post", action: apiPaths.refreshSession, encType: "application/json" });
        }
        // A transition: the parts that show the status re-render without blocking the page.
        startTransition(() =>
          setState((previous) => {
            const status: AuthStatus = outcome.user ? "authenticated" : "unauthenticated";
            return previous.status === status && sameUser(previous.user, outcome.user) && previous.source === outcome.source
              ? previous
              : { status, user: outcome.user, source: outcome.source };
          }),
        );
        // The page shows someone else (or nobody) than the server session: reload its data.
        const serverId = outcome.user?.id ?? null;
        if (outcome.fromServer && serverId !== rootUserRef.current && revalidatorRef.current.state === "idle") {
          revalidatorRef.current.revalidate();
        }
      } while (again.current);
    })();
    running.current = run;
    return run.finally(() => {
      running.current = null;
    });
  }, []);

  // At start, and again when the page's user changes (signed in or out here).
  useEffect(() => {
    void validate();
  }, [validate, rootUserId]);

  // Every 5 minutes.
  useEffect(() => {
    const timer = setInterval(() => void validate(), SESSION_CHECK_INTERVAL);
    return () => clearInterval(timer);
  }, [validate]);

  // Tab visible again (after 0.5 s), network back (after 1 s), another tab changed the user.
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>();
    const later = (delay: number) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        void validate();
      }, delay);
      timers.add(timer);
    };
    const onVisibility = () => {
      if (document.visibilityState === "visible") later(SESSION_VISIBLE_DELAY);
    };
    const onOnline = () => later(SESSION_ONLINE_DELAY);
    const onStorage = (event: StorageEvent) => {
      if (event.key === SESSION_USER_STORAGE_KEY || event.key === null) void validate();
    };
    document.addEventListener("visibilitychange", onVisibility);
    window.addEventListener("online", onOnline);
    window.addEventListener("storage", onStorage);
    return () => {
      document.removeEventListener("visibilitychange", onVisibility);
      window.removeEventListener("online", onOnline);
      window.removeEventListener("storage", onStorage);
      for (const timer of timers) clearTimeout(timer);
    };
  }, [validate]);

  const value = useMemo<AuthStatusValue>(() => ({ ...state, validate }), [state, validate]);
  return (
    <AuthStatusContext.Provider value={value}>
      <span hidden data-testid="auth-status" data-status={state.status} />
      {children}
    </AuthStatusContext.Provider>
  );
}
