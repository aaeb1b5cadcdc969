// The stamp a request's kept feed answers are checked against (requestStamp): on PostgreSQL a
// member's GET takes the data version its session statement read, in the same round trip.
// Either way it is taken after the request arrived, so a write committed before the request,
// by any other connection (another instance, a script), is never missing from its answer.
import { beforeAll, describe, expect, it } from "vitest";
import { freshness, prisma } from "~/db.server";
import { getAuthState, getUser, requestStamp } from "~/models/auth.server";
import { createFeedAnswers } from "~/models/feed.server";
import { type SignedUp, signUp } from "../support/accounts";
import { onPostgres } from "../support/database";
import { commitElsewhere } from "../support/other-connection";
import type { FeedPage } from "~/lib/wire";

let member: SignedUp;
let postId: number;

const request = (method = "GET") => new Request("http://localhost/api/feed", { method, headers: { Cookie: member.cookie } });
const storyOf = ({ body }: { body: Buffer }) => (JSON.parse(body.toString()) as FeedPage).posts.find((post) => post.id === postId)?.story;
const tell = (story: string) => commitElsewhere(`UPDATE "posts" SET "story" = '${story}' WHERE "id" = ${postId}`);

beforeAll(async () => {
  member = await signUp("versionreader");
  const post = await prisma.post.create({ data: { createdById: member.id, story: "Fresh coilovers" } });
  postId = post.id;
});

describe("the stamp of a request", () => {
  it("comes from the data version of a member's session on PostgreSQL", async () => {
    const state = await getAuthState(request());
    expect(state?.user.id).toBe(member.id);
    if (onPostgres) expect(state?.dataVersion).toMatch(/^\d+:\d+:/);
    else expect(state?.dataVersion).toBeUndefined();
  });

  it("shows a member a write committed elsewhere before their next request", async () => {
    const answers = createFeedAnswers({ freshness, maxAgeMs: 60_000 });
    const first = request();
    expect(storyOf(await answers.answer({ viewerId: member.id }, () => requestStamp(first)))).toBe("Fresh coilovers");
    const again = request();
    const kept = await answers.answer({ viewerId: member.id }, () => requestStamp(again));
    expect(storyOf(kept)).toBe("Fresh coilovers");
    // PostgreSQL's snapshot is the whole server's: other test files' commits end kept answers there.
    if (!onPostgres) expect(kept.kept).toBe(true);

    await tell("Fresh coilovers, corner balanced");
    const next = request();
    expect(storyOf(await answers.answer({ viewerId: member.id }, () => requestStamp(next)))).toBe("Fresh coilovers, corner balanced");
  });

  it("is taken anew for a write, after the session, so the write's own commit is seen", async () => {
    const answers = createFeedAnswers({ freshness, maxAgeMs: 60_000 });
    const reading = request();
    await answers.answer({ viewerId: member.id }, () => requestStamp(reading));

    // A form post: the session is read first, then the action commits, then the loaders answer.
    const post = request("POST");
    expect((await getUser(post))?.id).toBe(member.id);
    await tell("Coilovers sold");
    expect(storyOf(await answers.answer({ viewerId: member.id }, () => requestStamp(post)))).toBe("Coilovers sold");
  });

  it("is taken anew for a visitor", async () => {
    const answers = createFeedAnswers({ freshness, maxAgeMs: 60_000 });
    const visitor = () => new Request("http://localhost/api/feed");
    await answers.answer({}, () => requestStamp(visitor()));
    await tell("Coilovers sold, wheels next");
    expect(storyOf(await answers.answer({}, () => requestStamp(visitor())))).toBe("Coilovers sold, wheels next");
  });
});
