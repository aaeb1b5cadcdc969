// GET /oembed?url=…&format=json[&maxwidth=…&maxheight=…]: the oEmbed provider for posts and
// showcases, found by the discovery links on their pages. JSON only: any other format is a
// 501, as oEmbed asks. A missing or malformed url, or a size that is not a whole number, is
// a 400; an address that is not one of our posts or showcases (or one a visitor may not
// see) is a 404. Answers are the same for everyone, so any site may read them.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { publicOrigin } from "~/lib/server/env.server";
import { OEMBED_CACHE_AGE, OEMBED_MESSAGES, oembedTarget } from "~/lib/rules/oembed";
import { oembedFor } from "~/models/oembed.server";

const sizeParam = z
  .string()
  .trim()
  .regex(/^\d{1,5}$/, OEMBED_MESSAGES.badSize)
  .transform(Number)
  .pipe(z.number().int().min(1, OEMBED_MESSAGES.badSize).max(10_000, OEMBED_MESSAGES.badSize))
  .optional();

const querySchema = z.object({
  url: z
    .string({ required_error: OEMBED_MESSAGES.urlRequired })
    .trim()
    .min(1, OEMBED_MESSAGES.urlRequired)
    .max(2048, OEMBED_MESSAGES.badUrl)
    .transform((value, ctx) => {
      try {
        const url = new URL(value);
        if (url.protocol === "http:" || url.protocol === "https:") return url;
      } catch {
        // reported below
      }
      ctx.addIssue({ code: z.ZodIssueCode.custom, message: OEMBED_MESSAGES.badUrl });
      return z.NEVER;
    }),
  maxwidth: sizeParam,
  maxheight: sizeParam,
});

const HEADERS = { "Access-Control-Allow-Origin": "*" };

function problem(status: number, error: string) {
  return Response.json({ error }, { status, headers: { ...HEADERS, "Cache-Control": "no-store" } });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const format = (params.get("format") ?? "json").trim().toLowerCase();
  if (format !== "json") return problem(501, OEMBED_MESSAGES.formatNotImplemented);
  const parsed = querySchema.safeParse({
    url: params.get("url") ?? undefined,
    maxwidth: params.get("maxwidth") ?? undefined,
    maxheight: params.get("maxheight") ?? undefined,
  });
  if (!parsed.success) return problem(400, parsed.error.issues[0]?.message ?? OEMBED_MESSAGES.badUrl);
  const { url, maxwidth, maxheight } = parsed.data;

  const origin = publicOrigin(request);
  const target = oembedTarget(url, origin);
  const answer = target ? await oembedFor(target, origin, { maxwidth, maxheight }) : null;
  if (!answer) return problem(404, OEMBED_MESSAGES.notEmbeddable);
  return Response.json(answer, { headers: { ...HEADERS, "Cache-Control": `public, max-age=${OEMBED_CACHE_AGE}` } });
}
