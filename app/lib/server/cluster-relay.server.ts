// Messages between the processes of one server started with several processes (server/primary.ts
// with WEB_CONCURRENCY > 1, node:cluster). A worker sends a message on a topic; the primary
// hands it to every other worker; each worker passes what it receives to its listeners of
// that topic. Outside such a server (one process, tests, scripts) sending does nothing and
// nothing is ever received. Messages are plain JSON (the IPC channel's serialisation) and
// arrive in the order one worker sent them.
//
// This module has no side effects when imported: the primary imports it without the app.
import cluster from "node:cluster";

/** The field every relayed message carries: its topic. */
const TAG = "carsocialRelay";

type RelayMessage = { [TAG]: string; body: unknown };

function isRelayMessage(message: unknown): message is RelayMessage {
  return typeof message === "object" && message !== null && typeof (message as Record<string, unknown>)[TAG] === "string";
}

/** Whether this process is a worker of a multi-process server (it has siblings to tell). */
export function inClusterWorker(): boolean {
  return cluster.isWorker && typeof process.send === "function";
}

/** Sends `body` to every other worker of this server. Never throws; does nothing outside a cluster. */
export function sendToSiblings(topic: string, body: unknown): void {
  if (!inClusterWorker() || !process.connected) return;
  try {
    process.send!({ [TAG]: topic, body } satisfies RelayMessage);
  } catch (error) {
    console.error(`cluster relay: sending "${topic}" failed`, error);
  }
}

/** Calls `listener` with what other workers send on `topic`; returns the function that stops it. */
export function onSiblingMessage(topic: string, listener: (body: unknown) => void): () => void {
  if (!inClusterWorker()) return () => {};
  const handler = (message: unknown) => {
    if (!isRelayMessage(message) || message[TAG] !== topic) return;
    try {
      listener(message.body);
    } catch (error) {
      console.error(`cluster relay: a "${topic}" listener failed`, error);
    }
  };
  process.on("message", handler);
  return () => process.off("message", handler);
}

/** In the primary: hands every relayed message of a worker to all the other workers. */
export function relayBetweenWorkers(): void {
  cluster.on("message", (from, message: unknown) => {
    if (!isRelayMessage(message)) return;
    for (const worker of Object.values(cluster.workers ?? {})) {
      if (!worker || worker === from || !worker.isConnected()) continue;
      try {
        worker.send(message);
      } catch {
        // The worker is going away; it gets nothing more.
      }
    }
  });
}
