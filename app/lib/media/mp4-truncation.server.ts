// Cut-off MP4 uploads: whether a file ends inside one of its top-level boxes.
import { open } from "node:fs/promises";

/**
 * Whether an MP4/QuickTime file ends inside one of its top-level boxes (a cut-off upload).
 * Reads only the box headers.
 */
export async function isTruncatedMp4(file: string): Promise<boolean> {
  const handle = await open(file, "r");
  try {
    const size = (await handle.stat()).size;
    const header = Buffer.alloc(16);
    let offset = 0;
    let boxes = 0;
    while (offset < size && boxes < 10_000) {
      const { bytesRead } = await handle.read(header, 0, 16, offset);
      if (bytesRead < 8) return true;
      let boxSize = header.readUInt32BE(0);
      if (boxSize === 1) {
        if (bytesRead < 16) return true;
        boxSize = Number(header.readBigUInt64BE(8));
      } else if (boxSize === 0) {
        return false; // the last box runs to the end of the file
      }
      if (boxSize < 8) return true;
      if (offset + boxSize > size) return true;
      offset += boxSize;
      boxes += 1;
    }
    return false;
  } finally {
    await handle.close();
  }
}
