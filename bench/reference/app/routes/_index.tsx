// GET /: a page listing 50 rows read with Prisma from the benchmark's database.
import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { newestRows } from "../db.server";

export const meta: MetaFunction = () => [{ title: "Reference" }];

export async function loader() {
  return { rows: await newestRows() };
}

export default function Index() {
  const { rows } = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>Newest posts</h1>
      <ol>
        {rows.map((row) => (
          <li key={row.id}>
            <a href={`/post/${row.id}`}>{row.createdBy.username}</a> <time dateTime={new Date(row.createdAt).toISOString()}>{new Date(row.createdAt).toUTCString()}</time>
            <p>{row.story}</p>
          </li>
        ))}
      </ol>
    </main>
  );
}
