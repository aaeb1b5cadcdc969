// The app's service worker, served at /sw.js with scope "/". For now it only shows pushes
// and opens their page when tapped; it caches nothing (every page still comes from the
// network). The build number in its text makes each release a new worker.

/** The worker's source for build `version`. */
export function serviceWorkerSource(version: string | number): string {
  return `// ${JSON.stringify(String(version))}: the build this worker belongs to.
"use strict";

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

// A push: { title, body, url, icon, tag }, shown as a notification.
self.addEventListener("push", (event) => {
  let data = {};
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : "" };
  }
  const title = typeof data.title === "string" && data.title ? data.title : "Car Social";
  const options = {
    body: typeof data.body === "string" ? data.body : "",
    icon: typeof data.icon === "string" && data.icon ? data.icon : "/icons/icon-192.png",
    badge: "/icons/icon-192.png",
    tag: typeof data.tag === "string" ? data.tag : undefined,
    data: { url: typeof data.url === "string" ? data.url : "/notifications" },
  };
  event.waitUntil(self.registration.showNotification(title, options));
});

// A tap opens the push's page: in a tab of the app already open, else a new one. Only
// addresses of this site are opened.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || "/", self.location.origin);
  const url = target.origin === self.location.origin ? target.href : self.location.origin + "/";
  event.waitUntil(
    self.clients.matchAll({ type: "window", includeUncontrolled: true }).then((windows) => {
      for (const client of windows) {
        if (new URL(client.url).origin === self.location.origin && "focus" in client) {
          return client.focus().then((focused) => (focused && "navigate" in focused ? focused.navigate(url) : self.clients.openWindow(url)));
        }
      }
      return self.clients.openWindow(url);
    }),
  );
});
`;
}
