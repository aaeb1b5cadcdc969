import { useRouteLoaderData } from "@remix-run/react";
import type { loader as rootLoader } from "~/root";

export default function Home() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return <main><h1>Home</h1><p>{root?.user ? `Welcome, ${root.user.username}` : "Visitor"}</p></main>;
}
