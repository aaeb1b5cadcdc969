// Toasts from anywhere in the app: `notify.success("Saved")`, `notify.error(message)`, or
// `notify({ type, message })` with the same shape the server flashes. The shell mounts the
// <Toaster> (auto-dismiss after TOAST_DURATION, closable by hand).
import { toast } from "sonner";

export type NotifyType = "success" | "error" | "info";
export type Notice = { type: NotifyType; message: string };
type Options = { id?: string | number; description?: string };

function show(notice: Notice, options: Options = {}) {
  const send = notice.type === "success" ? toast.success : notice.type === "error" ? toast.error : toast.info;
  return send(notice.message, options);
}

export const notify = Object.assign(show, {
  success: (message: string, options?: Options) => show({ type: "success", message }, options),
  error: (message: string, options?: Options) => show({ type: "error", message }, options),
  info: (message: string, options?: Options) => show({ type: "info", message }, options),
  dismiss: (id?: string | number) => toast.dismiss(id),
});
