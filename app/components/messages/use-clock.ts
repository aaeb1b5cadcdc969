// Times on the messages screen. The server renders dates in UTC with the server's clock;
// once JavaScript runs, the same components switch to the browser's time zone and a clock
// that ticks, so relative times ("5m") stay true while the page is open.
import { useEffect, useState } from "react";

export type Clock = { now: number; timeZone: string | undefined };

export function useClock(serverNow: number, tickMs = 30_000): Clock {
  const [clock, setClock] = useState<Clock>({ now: serverNow, timeZone: "UTC" });
  useEffect(() => {
    setClock({ now: Date.now(), timeZone: undefined });
    const timer = setInterval(() => setClock({ now: Date.now(), timeZone: undefined }), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return clock;
}
