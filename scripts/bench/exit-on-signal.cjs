// Preloaded into the benchmark's server (node --require): remix-serve only closes its
// listener on SIGTERM/SIGINT, and timers keep the process alive; exiting shortly after lets
// --cpu-prof write its profile and the benchmark finish promptly.
for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => setTimeout(() => process.exit(0), 300).unref());
}
