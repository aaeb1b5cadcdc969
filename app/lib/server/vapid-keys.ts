// The development VAPID key pair: made once into data/.vapid-keys.json and read back after,
// so browsers that subscribed keep receiving pushes across restarts. Production sets
// VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY instead (docs/operations.md).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import webpush from "web-push";

export type VapidKeys = { publicKey: string; privateKey: string };

export const DEV_VAPID_FILE = path.join("data", ".vapid-keys.json");

/** The key pair in `file` (under `root`), made first when the file is missing or unreadable. */
export function devVapidKeys(root = process.cwd(), file = DEV_VAPID_FILE): VapidKeys {
  const full = path.resolve(root, file);
  if (existsSync(full)) {
    try {
      const keys = JSON.parse(readFileSync(full, "utf8")) as Partial<VapidKeys>;
      if (typeof keys.publicKey === "string" && typeof keys.privateKey === "string") return { publicKey: keys.publicKey, privateKey: keys.privateKey };
    } catch {
      // An unreadable file is replaced below.
    }
  }
  const keys = webpush.generateVAPIDKeys();
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
