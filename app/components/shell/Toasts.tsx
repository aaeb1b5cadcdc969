// The notification stack: each toast auto-dismisses after 5 s and has a
// close button. Also shows the toast a server action flashed for this page.
import { useEffect } from "react";
import { Toaster } from "sonner";
import { TOAST_DURATION } from "~/lib/constants";
import { useHydrated } from "~/lib/client/hydrated";
import { notify, type Notice } from "./notify";
import { useTheme } from "./theme";

export function Toasts({ flash }: { flash: Notice | null | undefined }) {
  const { mode } = useTheme();
  const hydrated = useHydrated();
  // Once the plain HTML copy is gone; keyed by its text, so one message never shows twice.
  useEffect(() => {
    if (hydrated && flash?.message) notify(flash, { id: `flash:${flash.message}` });
  }, [flash, hydrated]);

  return (
    <>
      {/* Before (or without) JavaScript the flashed message is plain HTML that fades out by CSS. */}
      {!hydrated && flash?.message ? (
        <div className="flash-toast" data-type={flash.type} role="status">
          {flash.message}
        </div>
      ) : null}
      <Toaster
        theme={mode}
        duration={TOAST_DURATION}
        closeButton
        richColors
        position="bottom-right"
        mobileOffset={{ bottom: "calc(var(--bottom-nav-space) + 12px)", left: 12, right: 12 }}
        toastOptions={{ className: "toast" }}
        containerAriaLabel="Notifications"
      />
    </>
  );
}
