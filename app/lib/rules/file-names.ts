// The names of the files a car's pages offer to download, made of the car in plain letters:
// "1999-nissan-skyline-build.csv", "1999-nissan-skyline-sale-report.pdf".

/** The car as lower-case words joined by "-" (accents dropped, at most 80 letters); "car" when nothing is left. */
export function carFileStem(car: { year: number; make: string; model: string }): string {
  const words = `${car.year} ${car.make} ${car.model}`
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80)
    .replace(/-+$/, "");
  return words || "car";
}

/** The car's file of this kind: carFileName(car, "build.csv") is "1999-nissan-skyline-build.csv". */
export function carFileName(car: { year: number; make: string; model: string }, ending: string): string {
  return `${carFileStem(car)}-${ending}`;
}
