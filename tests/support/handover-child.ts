// A server process for the handover's kill -9 test: it writes its marker file, then accepts
// the handover named by CAR_ID, BUYER_ID and TOKEN. The parent kills it with SIGKILL while
// the handover's transaction is held open.
// Run with tsx; DATABASE_URL comes from the parent.
import { writeFileSync } from "node:fs";

const { acceptHandover } = await import("../../app/models/car-handover.server");

writeFileSync(process.env.MARKER!, String(process.pid));
await acceptHandover(Number(process.env.CAR_ID), Number(process.env.BUYER_ID), process.env.TOKEN!);
