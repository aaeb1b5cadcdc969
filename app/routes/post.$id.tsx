// /post/{id}: the public link to one post. Post pages arrive with the posts feature; until
// then every id answers a friendly 404.
import { data } from "@remix-run/node";

export async function loader() {
  throw data({ error: "This post doesn't exist or is no longer available." }, { status: 404 });
}

export default function PostPage() {
  return null;
}
