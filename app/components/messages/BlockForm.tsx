// Block or unblock: a real form (without JavaScript it posts and comes back to the
// conversation). With JavaScript a fetcher posts it in place; the page's data reloads after,
// and the answer shows as a toast.
import { useFetcher } from "@remix-run/react";
import { useEffect } from "react";
import { useHydrated } from "~/lib/client/hydrated";
import { Ban } from "~/components/icons";
import { notify } from "~/components/shell/notify";
import { errorOr } from "~/lib/client/fetcher-answer";
import type { BlockState } from "~/lib/wire";
import { apiPaths } from "~/lib/paths";

type BlockAnswer = Partial<BlockState> & { error?: string };

export function BlockForm({
  username,
  blocked,
  redirectTo,
  className = "btn btn--secondary btn--sm",
  onDone,
}: {
  username: string;
  blocked: boolean;
  redirectTo: string;
  className?: string;
  /** Called after a block or unblock went through (keep it stable: useCallback). */
  onDone?: () => void;
}) {
  const hydrated = useHydrated();
  const fetcher = useFetcher<BlockAnswer>();
  const { data } = fetcher;

  useEffect(() => {
    if (!data) return;
    if (data.error !== undefined || data.blocked === undefined) {
      notify.error(errorOr(data, "Something went wrong"));
      return;
    }
    notify.success(data.blocked ? `You blocked @${username}` : `You unblocked @${username}`);
    onDone?.();
  }, [data, username, onDone]);

  return (
    <fetcher.Form method="post" action={apiPaths.userBlock(username)} className="msg-block-form">
      <input type="hidden" name="blocked" value={blocked ? "false" : "true"} />
      {hydrated ? null : <input type="hidden" name="redirectTo" value={redirectTo} />}
      <button type="submit" className={className} disabled={fetcher.state !== "idle"} data-danger={blocked ? undefined : "true"}>
        <Ban aria-hidden size={16} />
        {blocked ? `Unblock @${username}` : `Block @${username}`}
      </button>
    </fetcher.Form>
  );
}
