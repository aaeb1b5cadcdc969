import { readFile } from "node:fs/promises";
import { inspectUploadFile, processUploadFile, processUpload } from "~/lib/images.server";
import { resolveKey } from "~/lib/media-storage.server";
process.env.MEDIA_DIR = "/tmp/h4/media";
for (const f of process.argv.slice(2)) {
  const t = Date.now();
  try {
    const i = await inspectUploadFile({ path: f, name: f.split("/").pop()! });
    const p = await processUploadFile({ path: f, name: "x" }, i);
    console.log(f, JSON.stringify(i), JSON.stringify(p), resolveKey(p.path), Date.now() - t, "ms");
  } catch (e) { console.log(f, "ERR", (e as any).status, (e as Error).message); }
}
