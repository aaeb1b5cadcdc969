// Another app process on the same database, for tests of state that instances must share:
//   tsx tests/support/other-instance.ts <module under app/> <export> <JSON list of argument lists>
// imports the module in this new process, calls the export once per argument list, in
// order, and prints the answers (or { error } for a throw) as a JSON list on the last line.
const [moduleName, exportName, callsJson = "[[]]"] = process.argv.slice(2);
const mod = (await import(`../../app/${moduleName}`)) as Record<string, (...args: unknown[]) => unknown>;
const answers: unknown[] = [];
for (const args of JSON.parse(callsJson) as unknown[][]) {
  try {
    answers.push((await mod[exportName](...args)) ?? null);
  } catch (error) {
    answers.push({ error: error instanceof Error ? error.message : String(error) });
  }
}
const { prisma } = await import("../../app/db.server");
await prisma.$disconnect();
console.log(JSON.stringify(answers));
export {};
