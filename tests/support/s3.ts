// A real S3-compatible server (s3rver) on 127.0.0.1 for the tests of MEDIA_STORE=s3: one per
// test file, started in-process on a free port, with its objects in a temporary folder.
// useS3Store points the settings at it; stop() restores them and closes the server.
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand, ListObjectsV2Command, S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";

// s3rver signs with this fixed pair.
const ACCESS_KEY = "S3RVER";
const SECRET_KEY = "S3RVER";

export type TestS3 = {
  endpoint: string;
  bucket: string;
  client: S3Client;
  /** Every object name in the bucket, sorted. */
  list(prefix?: string): Promise<string[]>;
  /** The settings that point the app at this server (MEDIA_STORE=s3 …). */
  env: Record<string, string>;
  stop(): Promise<void>;
};

/** Starts a server with an empty bucket, and points the app's settings at it. */
export async function useS3Store(bucket = "media"): Promise<TestS3> {
  const directory = await mkdtemp(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const env = {
    MEDIA_STORE: "s3",
    S3_BUCKET: bucket,
    S3_REGION: "us-east-1",
    S3_ENDPOINT: endpoint,
    S3_FORCE_PATH_STYLE: "true",
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
  };
  const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
  Object.assign(process.env, env);
  return {
    endpoint,
    bucket,
    client,
    env,
    async list(prefix) {
      const names: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }));
        names.push(...(page.Contents ?? []).map((object) => object.Key!));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return names.sort();
    },
    async stop() {
      for (const [name, value] of Object.entries(saved)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
