// "Download my data" with MEDIA_STORE=s3: the member's files are read from the bucket, the zip
// is uploaded to it as a stream (a private object, never a /media key) and handed out from
// there; nothing is written to the local media folder.
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prisma } from "~/db.server";
import { mediaDir, putMedia } from "~/lib/media/media-storage.server";
import { DATA_EXPORT_JOB } from "~/models/data-export-requests.server";
import { runDueJobs } from "~/models/job-worker.server";
import { loader as mediaLoader } from "~/routes/media.$";
import { loader as downloadLoader } from "~/routes/profile_.export.$id.download";
import { action as exportAction } from "~/routes/profile_.export";
import { makeUser } from "../support/accounts";
import { call, getRequest, jsonRequest } from "../support/requests";
import { useS3Store, type TestS3 } from "../support/s3";

let s3: TestS3;
beforeAll(async () => {
  s3 = await useS3Store("exports");
});
afterAll(async () => {
  await s3.stop();
});

describe("Download my data with the media in a bucket", () => {
  it("reads the files from the bucket and keeps the zip there, out of /media's reach", async () => {
    const member = await makeUser("bucketeer");
    const post = await prisma.post.create({ data: { createdById: member.id, story: "In the cloud", createdAt: new Date("2026-11-22T10:00:00Z") } });
    const bytes = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 bucket photo");
    const stored = await putMedia("ee/ff/eeff00000000000000000000000001.webp", bytes);
    await prisma.media.create({ data: { postId: post.id, uploaderId: member.id, kind: "image", path: stored.url, mimeType: "image/webp", bytes: bytes.length } });

    const started = await call(exportAction, jsonRequest("/profile/export", { intent: "start" }, { cookie: member.cookie }));
    expect(started.status).toBe(202);
    const { export: row } = await started.json();
    expect(await runDueJobs({ kinds: [DATA_EXPORT_JOB] })).toBe(1);

    const [zipName] = await s3.list(".private/exports/");
    expect(zipName).toMatch(/^\.private\/exports\/[0-9a-f]{32}\.zip$/);
    expect(existsSync(path.join(mediaDir(), ".private"))).toBe(false);
    // /media serves keys only: the private object is not one.
    const viaMedia = await call(mediaLoader, getRequest(`/media/${zipName}`), { "*": zipName });
    expect(viaMedia.status).toBe(404);

    const answer = await call(downloadLoader, getRequest(`/profile/export/${row.id}/download`, { cookie: member.cookie }), { id: String(row.id) });
    expect(answer.status).toBe(200);
    const zip = Buffer.from(await answer.arrayBuffer());
    expect(Number(answer.headers.get("Content-Length"))).toBe(zip.length);
    // The photo is stored as it is in the zip: its bytes appear whole, after its name.
    const name = `posts/2026-11-22-post-${post.id}/1.webp`;
    expect(zip.indexOf(Buffer.from(name))).toBeGreaterThan(0);
    expect(zip.indexOf(bytes)).toBeGreaterThan(zip.indexOf(Buffer.from(name)));
    expect(zip.indexOf(Buffer.from("data.json"))).toBeGreaterThanOrEqual(0);
  }, 60_000);
});
