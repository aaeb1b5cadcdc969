// The root loader's data, read the same way everywhere on the client: the signed-in member
// (or null for a visitor), the theme, the flash and whether Google sign-in is offered.
import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

export type RootData = NonNullable<ReturnType<typeof useRouteLoaderData<typeof rootLoader>>>;
export type RootUser = NonNullable<RootData["user"]>;
/** The member a component shows itself to: the signed-in user, or null for a visitor. */
export type Viewer = Pick<RootUser, "id" | "username" | "nickname" | "profileImage"> | null;

/** The root loader's data; undefined only where the root loader failed (its error page). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<typeof rootLoader>("root");
}

/** The signed-in member, or null for a visitor. */
export function useOptionalUser(): RootUser | null {
  return useRootData()?.user ?? null;
}

/** The signed-in member, for parts only members see; throws where there is none. */
export function useUser(): RootUser {
  const user = useOptionalUser();
  if (!user) throw new Error("useUser is for signed-in pages: no user is in the root loader's data.");
  return user;
}
