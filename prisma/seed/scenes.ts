// Car-themed pictures for the demo, drawn as SVG and rendered locally with sharp: stylised
// cars in each car's colour (side, front and rear views, wheel and gauge close-ups) in
// sunsets, race tracks, garages, mountain roads, night cities, coasts, deserts, snow and
// car meets. Nothing is downloaded. The same functions draw the frames of the sample videos.
import sharp from "sharp";
import { createRng, type Rng } from "./random";

// ------------------------------------------------------------------ colours

function hexToRgb(hex: string): [number, number, number] {
  const value = hex.replace("#", "");
  const full =
    value.length === 3
      ? value
          .split("")
          .map((c) => c + c)
          .join("")
      : value;
  return [0, 2, 4].map((i) => Number.parseInt(full.slice(i, i + 2), 16)) as [number, number, number];
}

function rgbToHex([r, g, b]: number[]): string {
  return `#${[r, g, b]
    .map((c) =>
      Math.round(Math.max(0, Math.min(255, c)))
        .toString(16)
        .padStart(2, "0"),
    )
    .join("")}`;
}

export function mix(a: string, b: string, t: number): string {
  const ca = hexToRgb(a);
  const cb = hexToRgb(b);
  return rgbToHex(ca.map((c, i) => c + (cb[i] - c) * t));
}
const lighten = (c: string, t: number) => mix(c, "#ffffff", t);
const darken = (c: string, t: number) => mix(c, "#000000", t);
const f = (n: number) => (Math.round(n * 10) / 10).toString();

// ------------------------------------------------------------------ svg context

class Ctx {
  defs: string[] = [];
  private counter = 0;
  constructor(
    readonly w: number,
    readonly h: number,
    readonly rng: Rng,
    private readonly namespace = "",
  ) {}
  id(prefix: string) {
    this.counter += 1;
    return `${this.namespace}${prefix}${this.counter}`;
  }
  linear(stops: Array<[number, string, number?]>, dir: [number, number, number, number] = [0, 0, 0, 1]): string {
    const id = this.id("lg");
    this.defs.push(
      `<linearGradient id="${id}" x1="${dir[0]}" y1="${dir[1]}" x2="${dir[2]}" y2="${dir[3]}">${stops
        .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`)
        .join("")}</linearGradient>`,
    );
    return `url(#${id})`;
  }
  radial(stops: Array<[number, string, number?]>, at: { cx?: number; cy?: number; r?: number } = {}): string {
    const id = this.id("rg");
    this.defs.push(
      `<radialGradient id="${id}" cx="${at.cx ?? 0.5}" cy="${at.cy ?? 0.5}" r="${at.r ?? 0.5}">${stops
        .map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`)
        .join("")}</radialGradient>`,
    );
    return `url(#${id})`;
  }
  svg(body: string): string {
    return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${this.w}" height="${this.h}" viewBox="0 0 ${this.w} ${this.h}"><defs>${this.defs.join("")}</defs>${body}</svg>`;
  }
}

type Pt = [number, number];

/** A smooth path through points (Catmull-Rom as cubic Béziers); `tension` 0 gives straight lines. */
function smoothPath(points: Pt[], tension = 1, closed = false): string {
  if (points.length < 2) return "";
  const p = points;
  const at = (i: number) => (closed ? p[(i + p.length) % p.length] : p[Math.max(0, Math.min(p.length - 1, i))]);
  let d = `M${f(p[0][0])} ${f(p[0][1])}`;
  const segments = closed ? p.length : p.length - 1;
  for (let i = 0; i < segments; i++) {
    const p0 = at(i - 1);
    const p1 = at(i);
    const p2 = at(i + 1);
    const p3 = at(i + 2);
    const c1: Pt = [p1[0] + ((p2[0] - p0[0]) / 6) * tension, p1[1] + ((p2[1] - p0[1]) / 6) * tension];
    const c2: Pt = [p2[0] - ((p3[0] - p1[0]) / 6) * tension, p2[1] - ((p3[1] - p1[1]) / 6) * tension];
    d += ` C${f(c1[0])} ${f(c1[1])} ${f(c2[0])} ${f(c2[1])} ${f(p2[0])} ${f(p2[1])}`;
  }
  return closed ? `${d} Z` : d;
}

function ridge(rng: Rng, w: number, baseY: number, amplitude: number, roughness: number, steps = 7): Pt[] {
  let points: number[] = [0, 0];
  let spread = amplitude;
  for (let step = 0; step < steps; step++) {
    const next: number[] = [];
    for (let i = 0; i < points.length - 1; i++) {
      next.push(points[i], (points[i] + points[i + 1]) / 2 + rng.float(-spread, spread));
    }
    next.push(points[points.length - 1]);
    points = next;
    spread *= roughness;
  }
  return points.map((value, i) => [(i / (points.length - 1)) * w, baseY - Math.abs(value)]);
}

function ridgePath(points: Pt[], w: number, h: number): string {
  return `M0 ${h} ${points.map(([x, y]) => `L${f(x)} ${f(y)}`).join(" ")} L${w} ${h} Z`;
}

// ------------------------------------------------------------------ cars

export type BodyStyle = "fastback" | "notchback" | "hatch" | "wagon" | "roadster" | "boxy" | "midengine";
export type FrontStyle = "round" | "oval" | "slim" | "wide" | "kidney" | "boxy" | "smooth";

export type CarLook = {
  color: string;
  style: BodyStyle;
  front?: FrontStyle;
  wing?: boolean;
  rim?: string;
  caliper?: string;
  spokes?: number;
  /** Smaller wheels and chrome for older cars. */
  classic?: boolean;
  stripe?: string;
};

type Shape = {
  sill: number;
  tail: number;
  deck: number;
  deckX: number;
  rearWindow: number;
  roofRear: number;
  roofFront: number;
  roof: number;
  windshield: number;
  cowl: number;
  hoodX: number;
  hood: number;
  nose: number;
  wheelR: number;
  wheelRear: number;
  wheelFront: number;
  tension: number;
  doors: 2 | 4;
};

// A data table: one row a line.
// prettier-ignore
const SHAPES: Record<BodyStyle, Shape> = {
  fastback: { sill: 0.056, tail: 0.15, deck: 0.192, deckX: 0.05, rearWindow: 0.12, roofRear: 0.38, roofFront: 0.5, roof: 0.288, windshield: 0.665, cowl: 0.218, hoodX: 0.88, hood: 0.188, nose: 0.152, wheelR: 0.076, wheelRear: 0.19, wheelFront: 0.81, tension: 1, doors: 2 },
  notchback: { sill: 0.058, tail: 0.16, deck: 0.218, deckX: 0.04, rearWindow: 0.19, roofRear: 0.33, roofFront: 0.55, roof: 0.305, windshield: 0.7, cowl: 0.228, hoodX: 0.9, hood: 0.203, nose: 0.165, wheelR: 0.073, wheelRear: 0.185, wheelFront: 0.815, tension: 0.85, doors: 4 },
  hatch: { sill: 0.062, tail: 0.17, deck: 0.25, deckX: 0.02, rearWindow: 0.07, roofRear: 0.2, roofFront: 0.53, roof: 0.34, windshield: 0.69, cowl: 0.248, hoodX: 0.9, hood: 0.222, nose: 0.18, wheelR: 0.08, wheelRear: 0.17, wheelFront: 0.83, tension: 0.85, doors: 4 },
  wagon: { sill: 0.056, tail: 0.165, deck: 0.228, deckX: 0.015, rearWindow: 0.03, roofRear: 0.08, roofFront: 0.56, roof: 0.292, windshield: 0.71, cowl: 0.218, hoodX: 0.9, hood: 0.197, nose: 0.16, wheelR: 0.073, wheelRear: 0.18, wheelFront: 0.82, tension: 0.85, doors: 4 },
  roadster: { sill: 0.058, tail: 0.16, deck: 0.212, deckX: 0.06, rearWindow: 0.33, roofRear: 0.4, roofFront: 0.5, roof: 0.3, windshield: 0.6, cowl: 0.222, hoodX: 0.86, hood: 0.195, nose: 0.155, wheelR: 0.079, wheelRear: 0.19, wheelFront: 0.82, tension: 1, doors: 2 },
  boxy: { sill: 0.095, tail: 0.37, deck: 0.395, deckX: 0.005, rearWindow: 0.006, roofRear: 0.015, roofFront: 0.6, roof: 0.415, windshield: 0.65, cowl: 0.3, hoodX: 0.97, hood: 0.29, nose: 0.275, wheelR: 0.086, wheelRear: 0.18, wheelFront: 0.8, tension: 0.25, doors: 4 },
  midengine: { sill: 0.05, tail: 0.17, deck: 0.212, deckX: 0.05, rearWindow: 0.24, roofRear: 0.42, roofFront: 0.53, roof: 0.258, windshield: 0.665, cowl: 0.198, hoodX: 0.87, hood: 0.166, nose: 0.13, wheelR: 0.076, wheelRear: 0.2, wheelFront: 0.82, tension: 1, doors: 2 },
};

type SideOptions = {
  facing?: 1 | -1;
  night?: boolean;
  beam?: boolean;
  wheelAngle?: number;
  reflection?: boolean;
  reflectionOpacity?: number;
  shadow?: boolean;
  motion?: boolean;
};

/** A car seen from the side, standing on `groundY`, its rear at x (or its front when facing left). */
export function carSide(ctx: Ctx, look: CarLook, x: number, groundY: number, length: number, options: SideOptions = {}): string {
  const s = SHAPES[look.style];
  const facing = options.facing ?? 1;
  const L = length;
  const P = (u: number, v: number): Pt => [x + facing * u * L, groundY - v * L];
  const poly = (points: Pt[]) => `M${points.map((p) => `${f(p[0])} ${f(p[1])}`).join(" L")} Z`;
  const wheelR = s.wheelR * (look.classic ? 0.92 : 1);
  const archR = wheelR * 1.16;

  // Upper outline, rear bottom to front bottom, then the sill with the wheel arches.
  const upper: Pt[] =
    look.style === "roadster"
      ? [
          P(0.008, s.sill + 0.02),
          P(0, s.tail),
          P(0.03, s.deck - 0.012),
          P(s.deckX + 0.05, s.deck),
          P(0.3, s.deck + 0.004),
          P(0.5, s.cowl),
          P(s.windshield, s.cowl),
          P(s.hoodX, s.hood),
          P(0.975, s.nose),
          P(1, s.nose - 0.05),
        ]
      : look.style === "boxy"
        ? [
            P(0, s.sill + 0.02),
            P(0, s.tail),
            P(0.004, s.deck),
            P(s.roofRear, s.roof),
            P(s.roofFront, s.roof),
            P(s.windshield, s.cowl + 0.06),
            P(s.windshield + 0.02, s.cowl),
            P(s.hoodX, s.hood),
            P(1, s.nose),
            P(1, s.sill + 0.03),
          ]
        : [
            P(0.006, s.sill + 0.02),
            P(0, s.tail),
            P(s.deckX * 0.6, s.deck - 0.01),
            P(s.deckX, s.deck),
            P(s.rearWindow, s.deck + (look.style === "notchback" ? 0.002 : 0.008)),
            P(s.roofRear, s.roof),
            P(s.roofFront, s.roof + 0.003),
            P(s.windshield, s.cowl),
            P(s.hoodX, s.hood),
            P(0.975, s.nose),
            P(1, s.nose - 0.05),
          ];
  let d = smoothPath(upper, s.tension);
  const front = P(0.995, s.sill);
  d += ` L${f(front[0])} ${f(front[1])}`;
  const dy = Math.max(0, wheelR - s.sill);
  const dx = Math.sqrt(Math.max(archR * archR - dy * dy, 0.0001));
  for (const wx of [s.wheelFront, s.wheelRear]) {
    const a = P(wx + dx, s.sill);
    const b = P(wx - dx, s.sill);
    d += ` L${f(a[0])} ${f(a[1])} A${f(archR * L)} ${f(archR * L)} 0 1 ${facing === 1 ? 0 : 1} ${f(b[0])} ${f(b[1])}`;
  }
  const rearBottom = P(0.008, s.sill);
  d += ` L${f(rearBottom[0])} ${f(rearBottom[1])} Z`;

  const paint = ctx.linear([
    [0, lighten(look.color, 0.4)],
    [0.3, lighten(look.color, 0.1)],
    [0.55, look.color],
    [0.78, darken(look.color, 0.3)],
    [1, darken(look.color, 0.62)],
  ]);
  const parts: string[] = [];

  if (options.shadow !== false) {
    const shadow = ctx.radial([
      [0, "#000", 0.75],
      [0.7, "#000", 0.4],
      [1, "#000", 0],
    ]);
    const c = P(0.5, 0);
    parts.push(`<ellipse cx="${f(c[0])}" cy="${f(c[1])}" rx="${f(L * 0.58)}" ry="${f(L * 0.04)}" fill="${shadow}"/>`);
  }

  // Wheel wells, only above the sill.
  const wellClip = ctx.id("well");
  const sillY = P(0, s.sill)[1];
  ctx.defs.push(`<clipPath id="${wellClip}"><rect x="0" y="0" width="${ctx.w}" height="${f(sillY + 1)}"/></clipPath>`);
  for (const wx of [s.wheelRear, s.wheelFront]) {
    const c = P(wx, wheelR);
    parts.push(`<circle cx="${f(c[0])}" cy="${f(c[1])}" r="${f(archR * L + 1)}" fill="#09090b" clip-path="url(#${wellClip})"/>`);
  }

  // The body, then every detail clipped to it.
  parts.push(`<path d="${d}" fill="${paint}"/>`);
  const clip = ctx.id("body");
  ctx.defs.push(`<clipPath id="${clip}"><path d="${d}"/></clipPath>`);
  const detail: string[] = [];
  const line = (a: Pt, b: Pt, color: string, width: number, opacity = 1) =>
    `<line x1="${f(a[0])}" y1="${f(a[1])}" x2="${f(b[0])}" y2="${f(b[1])}" stroke="${color}" stroke-width="${f(width)}" stroke-opacity="${opacity}"/>`;

  // Shoulder highlight, an optional stripe, a dark sill and lower bumpers.
  const shoulderY = Math.min(s.cowl, s.deck) - 0.028;
  const sh1 = P(0.02, shoulderY);
  const sh2 = P(0.55, shoulderY + 0.01);
  const sh3 = P(0.99, s.nose - 0.012);
  detail.push(
    `<path d="M${f(sh1[0])} ${f(sh1[1])} Q${f(sh2[0])} ${f(sh2[1])} ${f(sh3[0])} ${f(sh3[1])}" stroke="${lighten(look.color, 0.6)}" stroke-opacity="0.5" stroke-width="${f(L * 0.0035)}" fill="none"/>`,
  );
  detail.push(
    `<path d="M${f(sh1[0])} ${f(sh1[1] + L * 0.006)} Q${f(sh2[0])} ${f(sh2[1] + L * 0.006)} ${f(sh3[0])} ${f(sh3[1] + L * 0.006)}" stroke="#000" stroke-opacity="0.18" stroke-width="${f(L * 0.004)}" fill="none"/>`,
  );
  if (look.stripe) detail.push(line(P(0, s.sill + 0.035), P(1, s.sill + 0.035), look.stripe, L * 0.01, 0.9));
  detail.push(line(P(0, s.sill + 0.006), P(1, s.sill + 0.006), "#000", L * 0.014, 0.45));
  detail.push(line(P(0.94, s.sill + 0.02), P(1, s.sill + 0.02), "#000", L * 0.03, 0.35));
  detail.push(line(P(0, s.sill + 0.02), P(0.07, s.sill + 0.02), "#000", L * 0.03, 0.35));

  const glass = ctx.linear([
    [0, "#9db3ca"],
    [0.4, "#334055"],
    [1, "#0d1118"],
  ]);
  const belt = s.cowl + (look.style === "boxy" ? 0.012 : 0.006);
  let doorFront = s.windshield - 0.03;
  let doorRear = 0.38;
  let mirror = P(s.windshield - 0.03, belt + 0.01);
  if (look.style === "roadster") {
    // Windscreen frame, the cockpit opening, seats and roll hoops.
    const ws = [P(s.windshield - 0.012, s.cowl), P(s.windshield - 0.085, s.cowl + 0.085), P(s.windshield - 0.1, s.cowl + 0.083), P(s.windshield - 0.04, s.cowl)];
    parts.push(`<path d="${poly(ws)}" fill="${glass}" opacity="0.75"/>`);
    parts.push(line(ws[1], ws[0], "#1a1a1a", L * 0.006));
    for (const hx of [0.36, 0.43]) {
      const base = P(hx, s.deck - 0.004);
      const top = P(hx - 0.008, s.deck + 0.058);
      parts.push(
        `<path d="M${f(base[0] - L * 0.016)} ${f(base[1])} L${f(top[0] - L * 0.014)} ${f(top[1] + L * 0.01)} Q${f(top[0])} ${f(top[1] - L * 0.004)} ${f(top[0] + L * 0.014)} ${f(top[1] + L * 0.01)} L${f(base[0] + L * 0.016)} ${f(base[1])} Z" fill="#1c1d21"/>`,
      );
      parts.push(
        `<path d="M${f(P(hx - 0.03, s.deck)[0])} ${f(P(0, s.deck)[1])} Q${f(P(hx, s.deck + 0.075)[0])} ${f(P(0, s.deck + 0.075)[1])} ${f(P(hx + 0.03, s.deck)[0])} ${f(P(0, s.deck)[1])}" stroke="#2b2c30" stroke-width="${f(L * 0.007)}" fill="none"/>`,
      );
    }
    detail.push(
      `<path d="M${f(P(0.3, s.deck + 0.004)[0])} ${f(P(0, s.deck + 0.004)[1])} L${f(P(0.52, s.cowl)[0])} ${f(P(0, s.cowl)[1])}" stroke="#000" stroke-opacity="0.5" stroke-width="${f(L * 0.006)}"/>`,
    );
    doorFront = 0.56;
    doorRear = 0.36;
    mirror = P(s.windshield - 0.05, s.cowl + 0.015);
  } else if (look.style === "boxy") {
    const top = s.roof - 0.035;
    const bottom = belt + 0.012;
    for (const [a, b] of [
      [0.03, 0.2],
      [0.235, 0.405],
      [0.44, 0.585],
    ]) {
      detail.push(
        `<rect x="${f(Math.min(P(a, 0)[0], P(b, 0)[0]))}" y="${f(P(0, top)[1])}" width="${f((b - a) * L)}" height="${f((top - bottom) * L)}" rx="${f(L * 0.008)}" fill="${glass}"/>`,
      );
    }
    const ws = [P(s.roofFront + 0.008, top), P(s.windshield - 0.006, s.cowl + 0.055), P(s.windshield + 0.008, bottom), P(s.roofFront - 0.005, bottom)];
    detail.push(`<path d="${poly(ws)}" fill="${glass}"/>`);
    // Alpine windows in the roof step and a white roof.
    detail.push(
      `<rect x="${f(Math.min(P(0, 0)[0], P(s.roofFront, 0)[0]))}" y="${f(P(0, s.roof + 0.01)[1])}" width="${f(s.roofFront * L)}" height="${f(L * 0.022)}" fill="#eceae4"/>`,
    );
    doorFront = 0.6;
    doorRear = 0.22;
    mirror = P(s.windshield - 0.01, belt + 0.015);
  } else {
    const lerpX = (x1: number, y1: number, x2: number, y2: number, y: number) => x1 + ((x2 - x1) * (y - y1)) / (y2 - y1 || 1);
    const inset = 0.014;
    const rearStartY = Math.max(belt, s.deck + 0.01);
    const gRear = lerpX(s.rearWindow, s.deck, s.roofRear, s.roof, rearStartY) + 0.015;
    const gFront = lerpX(s.windshield, s.cowl, s.roofFront, s.roof, belt) - 0.012;
    const topRear = lerpX(s.rearWindow, s.deck, s.roofRear, s.roof, s.roof - inset) + 0.02;
    const topFront = lerpX(s.windshield, s.cowl, s.roofFront, s.roof, s.roof - inset) - 0.016;
    const gl = [P(gRear, rearStartY), P(topRear, s.roof - inset), P((topRear + topFront) / 2, s.roof - inset + 0.003), P(topFront, s.roof - inset), P(gFront, belt)];
    detail.push(`<path d="${smoothPath(gl, 0.5)} Z" fill="${glass}"/>`);
    // Trim around the glass and a reflection across it.
    detail.push(`<path d="${smoothPath(gl, 0.5)} Z" fill="none" stroke="#0a0a0a" stroke-width="${f(L * 0.004)}" stroke-opacity="0.7"/>`);
    const r1 = P(gRear + (gFront - gRear) * 0.42, s.roof - inset);
    const r2 = P(gRear + (gFront - gRear) * 0.3, belt);
    detail.push(`<path d="${poly([r1, [r1[0] + facing * L * 0.06, r1[1]], [r2[0] + facing * L * 0.06, r2[1]], r2])}" fill="#fff" opacity="0.1"/>`);
    const pillars = s.doors === 4 ? [0.52, 0.2] : [0.4];
    for (const t of pillars) {
      const px = gRear + (gFront - gRear) * t;
      const a = P(px + 0.01, s.roof);
      const b = P(px - 0.006, belt);
      detail.push(`<path d="${poly([a, [a[0] + facing * L * 0.014, a[1]], [b[0] + facing * L * 0.014, b[1]], b])}" fill="#0c0c0e"/>`);
    }
    doorFront = gFront + 0.012;
    doorRear = s.doors === 4 ? gRear + (gFront - gRear) * 0.2 - 0.004 : gRear + (gFront - gRear) * 0.4 - 0.006;
    if (s.doors === 4) detail.push(line(P(gRear + (gFront - gRear) * 0.52, belt), P(gRear + (gFront - gRear) * 0.52 + 0.004, s.sill + 0.015), "#000", L * 0.0025, 0.4));
    mirror = P(gFront - 0.005, belt + 0.012);
  }
  detail.push(line(P(doorFront, belt + 0.005), P(doorFront + 0.01, s.sill + 0.015), "#000", L * 0.0025, 0.4));
  detail.push(line(P(doorRear, belt), P(doorRear + 0.004, s.sill + 0.015), "#000", L * 0.0025, 0.4));
  const handle = P(doorRear + 0.025, belt - 0.025);
  detail.push(
    `<rect x="${f(handle[0] - (facing === 1 ? 0 : L * 0.035))}" y="${f(handle[1])}" width="${f(L * 0.035)}" height="${f(L * 0.006)}" rx="${f(L * 0.003)}" fill="${darken(look.color, 0.45)}"/>`,
  );

  // Lights: a lens on the nose and a lamp on the tail, both cut by the body line.
  const hl = P(0.975, s.nose - 0.012);
  const lightColor = options.night ? "#fff8d8" : "#eef2f5";
  const headlight =
    look.front === "round" || look.front === "boxy"
      ? `<circle cx="${f(hl[0])}" cy="${f(hl[1])}" r="${f(L * 0.02)}" fill="${lightColor}" stroke="#2a2a2a" stroke-width="${f(L * 0.003)}"/>`
      : `<ellipse cx="${f(hl[0])}" cy="${f(hl[1])}" rx="${f(L * 0.04)}" ry="${f(L * 0.012)}" fill="${lightColor}" stroke="#2a2a2a" stroke-width="${f(L * 0.003)}" transform="rotate(${facing * -8} ${f(hl[0])} ${f(hl[1])})"/>`;
  detail.push(headlight);
  const tl = P(0.004, s.tail + 0.012);
  detail.push(`<rect x="${f(tl[0] - L * 0.03)}" y="${f(tl[1] - L * 0.012)}" width="${f(L * 0.06)}" height="${f(L * 0.024)}" rx="${f(L * 0.006)}" fill="#d0101c"/>`);
  const marker = P(0.955, s.sill + 0.045);
  detail.push(`<rect x="${f(marker[0] - L * 0.008)}" y="${f(marker[1])}" width="${f(L * 0.016)}" height="${f(L * 0.006)}" fill="#ff9f1a" opacity="0.8"/>`);
  if (look.style === "midengine") {
    detail.push(`<path d="${poly([P(0.27, s.sill + 0.03), P(0.33, s.sill + 0.1), P(0.38, s.sill + 0.095), P(0.35, s.sill + 0.028)])}" fill="#0d0d10" opacity="0.85"/>`);
  }
  parts.push(`<g clip-path="url(#${clip})">${detail.join("")}</g>`);

  // Things that stand out of the body line.
  parts.push(`<ellipse cx="${f(mirror[0])}" cy="${f(mirror[1])}" rx="${f(L * 0.02)}" ry="${f(L * 0.012)}" fill="${darken(look.color, 0.15)}"/>`);
  if (look.style === "boxy") {
    const sw = P(-0.03, s.sill + 0.17);
    parts.push(`<rect x="${f(sw[0] - L * 0.028)}" y="${f(sw[1] - L * 0.085)}" width="${f(L * 0.056)}" height="${f(L * 0.17)}" rx="${f(L * 0.02)}" fill="#141414"/>`);
    const railY = P(0, s.roof + 0.035)[1];
    const r1 = P(0.03, 0)[0];
    const r2 = P(s.roofFront - 0.02, 0)[0];
    parts.push(`<rect x="${f(Math.min(r1, r2))}" y="${f(railY)}" width="${f(Math.abs(r2 - r1))}" height="${f(L * 0.01)}" fill="#1a1a1a"/>`);
    for (let i = 0; i <= 5; i++) {
      const rx = P(0.05 + ((s.roofFront - 0.1) * i) / 5, 0)[0];
      parts.push(`<rect x="${f(rx - L * 0.004)}" y="${f(railY)}" width="${f(L * 0.008)}" height="${f(L * 0.035)}" fill="#1a1a1a"/>`);
    }
  }
  if (look.wing) {
    const wy = s.deck + (look.style === "hatch" ? 0.1 : 0.05);
    const wx = look.style === "hatch" ? 0.02 : 0;
    const w1 = P(wx - 0.004, wy);
    const w2 = P(wx + 0.12, wy + 0.004);
    parts.push(`<path d="${poly([w1, w2, [w2[0], w2[1] + L * 0.012], [w1[0], w1[1] + L * 0.016]])}" fill="${darken(look.color, 0.55)}"/>`);
    for (const sx of [0.035, 0.085]) parts.push(line(P(wx + sx, wy), P(wx + sx + 0.008, s.deck - 0.004), "#151515", L * 0.007));
  }

  // Wheels in front of the wells (the body leaves the arches open).
  for (const wx of [s.wheelRear, s.wheelFront]) {
    const c = P(wx, wheelR);
    parts.push(wheel(ctx, c[0], c[1], wheelR * L, look, options.wheelAngle ?? wx * 97, options.motion));
  }

  if (options.night) {
    const glow = ctx.radial([
      [0, "#fff6d0", 0.95],
      [0.25, "#ffe9a8", 0.45],
      [1, "#ffe9a8", 0],
    ]);
    parts.push(`<circle cx="${f(hl[0])}" cy="${f(hl[1])}" r="${f(L * 0.09)}" fill="${glow}"/>`);
    if (options.beam !== false) {
      const beam = ctx.linear(
        [
          [0, "#fff3c4", 0.4],
          [1, "#fff3c4", 0],
        ],
        facing === 1 ? [0, 0, 1, 0] : [1, 0, 0, 0],
      );
      parts.push(`<path d="${poly([P(0.99, s.nose - 0.006), P(1.8, s.nose + 0.05), P(1.8, -0.04)])}" fill="${beam}"/>`);
    }
    const red = ctx.radial([
      [0, "#ff2a2a", 0.8],
      [1, "#ff2a2a", 0],
    ]);
    parts.push(`<circle cx="${f(tl[0])}" cy="${f(tl[1])}" r="${f(L * 0.07)}" fill="${red}"/>`);
  }

  const group = parts.join("");
  if (!options.reflection) return group;
  const id = ctx.id("car");
  ctx.defs.push(`<g id="${id}">${group}</g>`);
  const fade = ctx.id("fade");
  ctx.defs.push(
    `<linearGradient id="${fade}g" gradientUnits="userSpaceOnUse" x1="0" y1="${f(groundY)}" x2="0" y2="${f(groundY + L * 0.35)}"><stop offset="0" stop-color="#fff" stop-opacity="${options.reflectionOpacity ?? 0.32}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient><mask id="${fade}"><rect x="0" y="${f(groundY)}" width="${ctx.w}" height="${ctx.h}" fill="url(#${fade}g)"/></mask>`,
  );
  return `<g mask="url(#${fade})"><use xlink:href="#${id}" href="#${id}" transform="translate(0 ${f(2 * groundY)}) scale(1 -1)"/></g><use xlink:href="#${id}" href="#${id}"/>`;
}

function wheel(ctx: Ctx, cx: number, cy: number, r: number, look: CarLook, angle: number, motion = false, detail = false): string {
  const rim = look.rim ?? (look.classic ? "#d9dde2" : "#b9bec5");
  const spokes = look.spokes ?? 5;
  const out: string[] = [];
  const tyre = ctx.radial([
    [0.6, "#2a2a2e"],
    [0.85, "#141416"],
    [1, "#050506"],
  ]);
  out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r)}" fill="${tyre}"/>`);
  const rimR = r * (look.classic ? 0.6 : 0.7);
  if (detail) {
    // Raised sidewall lettering, suggested by short bars around the tyre.
    for (let i = 0; i < 60; i++) {
      if (i % 15 > 9) continue;
      const a = (Math.PI * 2 * i) / 60 + 0.3;
      const px = cx + Math.cos(a) * r * 0.86;
      const py = cy + Math.sin(a) * r * 0.86;
      out.push(
        `<rect x="${f(px - r * 0.008)}" y="${f(py - r * 0.03)}" width="${f(r * 0.016)}" height="${f(r * 0.06)}" fill="#4a4b50" transform="rotate(${f((a * 180) / Math.PI + 90)} ${f(px)} ${f(py)})"/>`,
      );
    }
  }
  out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rimR)}" fill="#141518"/>`);
  // Brake disc (drilled in close-ups) and caliper.
  out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rimR * 0.82)}" fill="#6b6e75"/>`);
  if (detail) {
    out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rimR * 0.45)}" fill="#4b4e55"/>`);
    for (let i = 0; i < 36; i++) {
      const a = (Math.PI * 2 * i) / 36;
      const rr = rimR * (i % 2 ? 0.6 : 0.7);
      out.push(`<circle cx="${f(cx + Math.cos(a) * rr)}" cy="${f(cy + Math.sin(a) * rr)}" r="${f(rimR * 0.018)}" fill="#222"/>`);
    }
  }
  if (look.caliper) {
    out.push(
      `<path d="M${f(cx + rimR * 0.35)} ${f(cy - rimR * 0.66)} A${f(rimR * 0.76)} ${f(rimR * 0.76)} 0 0 1 ${f(cx + rimR * 0.74)} ${f(cy - rimR * 0.1)} L${f(cx + rimR * 0.45)} ${f(cy - rimR * 0.08)} A${f(rimR * 0.46)} ${f(rimR * 0.46)} 0 0 0 ${f(cx + rimR * 0.22)} ${f(cy - rimR * 0.4)} Z" fill="${look.caliper}"/>`,
    );
  }
  if (motion) {
    const blur = ctx.radial([
      [0, rim, 0.9],
      [0.3, rim, 0.5],
      [1, rim, 0.25],
    ]);
    out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rimR)}" fill="${blur}"/>`);
  } else {
    const spokeW = rimR * (spokes > 6 ? 0.11 : 0.2);
    const spokeFill = detail
      ? ctx.linear(
          [
            [0, lighten(rim, 0.35)],
            [1, darken(rim, 0.25)],
          ],
          [0, 0, 1, 0],
        )
      : rim;
    for (let i = 0; i < spokes; i++) {
      const a = angle + (360 / spokes) * i;
      out.push(
        `<path d="M${f(cx - spokeW * 0.35)} ${f(cy)} L${f(cx - spokeW / 2)} ${f(cy - rimR * 0.97)} L${f(cx + spokeW / 2)} ${f(cy - rimR * 0.97)} L${f(cx + spokeW * 0.35)} ${f(cy)} Z" fill="${spokeFill}" transform="rotate(${f(a)} ${f(cx)} ${f(cy)})"/>`,
      );
    }
  }
  out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rimR * 0.97)}" fill="none" stroke="${rim}" stroke-width="${f(rimR * 0.08)}"/>`);
  out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rimR)}" fill="none" stroke="${lighten(rim, 0.4)}" stroke-width="${f(rimR * 0.02)}"/>`);
  out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rimR * 0.22)}" fill="${rim}"/>`);
  out.push(`<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rimR * 0.12)}" fill="${darken(rim, 0.5)}"/>`);
  if (detail) {
    for (let i = 0; i < 5; i++) {
      const a = ((angle + 36 + 72 * i) * Math.PI) / 180;
      out.push(`<circle cx="${f(cx + Math.cos(a) * rimR * 0.17)}" cy="${f(cy + Math.sin(a) * rimR * 0.17)}" r="${f(rimR * 0.022)}" fill="#ddd"/>`);
    }
  }
  return out.join("");
}

type EndOptions = { night?: boolean; shadow?: boolean };

function endBody(ctx: Ctx, look: CarLook, cx: number, gy: number, W: number, view: "front" | "rear", options: EndOptions = {}) {
  const s = SHAPES[look.style];
  const tall = look.style === "boxy" ? 1.45 : look.style === "hatch" ? 1.12 : look.style === "roadster" ? 0.82 : look.style === "midengine" ? 0.9 : 1;
  const P = (u: number, v: number): Pt => [cx + u * W, gy - v * W];
  const out: string[] = [];
  if (options.shadow !== false) {
    const shadow = ctx.radial([
      [0, "#000", 0.75],
      [1, "#000", 0],
    ]);
    out.push(`<ellipse cx="${f(cx)}" cy="${f(gy)}" rx="${f(W * 0.62)}" ry="${f(W * 0.06)}" fill="${shadow}"/>`);
  }
  // Tyres.
  const tyreH = (s.wheelR * 2.1 + 0.02) * (look.style === "boxy" ? 1.3 : 1);
  for (const side of [-1, 1]) {
    const x = side === -1 ? -0.47 : 0.35;
    const t = P(x, tyreH);
    out.push(`<rect x="${f(t[0])}" y="${f(t[1])}" width="${f(W * 0.12)}" height="${f(tyreH * W)}" rx="${f(W * 0.025)}" fill="#0c0c0e"/>`);
  }
  const belt = 0.3 * tall;
  const roof = (look.style === "roadster" ? 0.4 : 0.54) * tall;
  const bodyPts: Pt[] = [
    P(-0.48, 0.08),
    P(-0.51, 0.2 * tall),
    P(-0.5, belt - 0.02),
    P(-0.42, belt + 0.02),
    P(0.42, belt + 0.02),
    P(0.5, belt - 0.02),
    P(0.51, 0.2 * tall),
    P(0.48, 0.08),
  ];
  const paint = ctx.linear([
    [0, lighten(look.color, 0.3)],
    [0.5, look.color],
    [1, darken(look.color, 0.55)],
  ]);
  const cabinPaint = ctx.linear([
    [0, lighten(look.color, 0.15)],
    [1, darken(look.color, 0.2)],
  ]);
  const glass = ctx.linear([
    [0, "#7d93ab"],
    [0.5, "#253040"],
    [1, "#0f131a"],
  ]);
  if (look.style !== "roadster") {
    const cab: Pt[] =
      look.style === "boxy" ? [P(-0.43, belt), P(-0.41, roof), P(0.41, roof), P(0.43, belt)] : [P(-0.42, belt), P(-0.3, roof), P(0.3, roof), P(0.42, belt)];
    out.push(`<path d="${smoothPath(cab, look.style === "boxy" ? 0.05 : 0.3)} Z" fill="${cabinPaint}"/>`);
    const win: Pt[] =
      look.style === "boxy"
        ? [P(-0.38, belt + 0.03), P(-0.37, roof - 0.05), P(0.37, roof - 0.05), P(0.38, belt + 0.03)]
        : [P(-0.36, belt + 0.03), P(-0.27, roof - 0.03), P(0.27, roof - 0.03), P(0.36, belt + 0.03)];
    out.push(`<path d="${smoothPath(win, 0.2)} Z" fill="${glass}"/>`);
    out.push(
      `<path d="M${f(P(-0.1, roof - 0.03)[0])} ${f(P(0, roof - 0.03)[1])} L${f(P(0.02, roof - 0.03)[0])} ${f(P(0, roof - 0.03)[1])} L${f(P(-0.12, belt + 0.03)[0])} ${f(P(0, belt + 0.03)[1])} L${f(P(-0.24, belt + 0.03)[0])} ${f(P(0, belt + 0.03)[1])} Z" fill="#fff" opacity="0.1"/>`,
    );
  } else {
    const ws: Pt[] = [P(-0.38, belt), P(-0.33, roof), P(0.33, roof), P(0.38, belt)];
    out.push(`<path d="${smoothPath(ws, 0.2)} Z" fill="${glass}" opacity="0.85"/>`);
  }
  out.push(`<path d="${smoothPath(bodyPts, 0.6)} Z" fill="${paint}"/>`);
  // Mirrors.
  for (const side of [-1, 1]) {
    const m = P(side * 0.5, belt + 0.05);
    out.push(`<ellipse cx="${f(m[0])}" cy="${f(m[1])}" rx="${f(W * 0.05)}" ry="${f(W * 0.03)}" fill="${darken(look.color, 0.1)}"/>`);
  }
  const lampY = 0.21 * tall;
  if (view === "front") {
    const fs = look.front ?? "wide";
    const lamp = options.night ? "#fffbe6" : "#e6edf3";
    for (const side of [-1, 1]) {
      if (fs === "round" || fs === "boxy") {
        const c = P(side * 0.35, lampY);
        out.push(
          `<circle cx="${f(c[0])}" cy="${f(c[1])}" r="${f(W * 0.055)}" fill="#2b2b2b"/><circle cx="${f(c[0])}" cy="${f(c[1])}" r="${f(W * 0.042)}" fill="${lamp}"/>`,
        );
      } else if (fs === "oval") {
        const c = P(side * 0.36, lampY + 0.02);
        out.push(`<ellipse cx="${f(c[0])}" cy="${f(c[1])}" rx="${f(W * 0.075)}" ry="${f(W * 0.05)}" fill="${lamp}" stroke="#333" stroke-width="${f(W * 0.006)}"/>`);
      } else {
        const hgt = fs === "slim" || fs === "smooth" ? 0.035 : 0.055;
        const pts: Pt[] = [P(side * 0.2, lampY), P(side * 0.46, lampY + hgt * 0.6), P(side * 0.46, lampY - hgt * 0.4), P(side * 0.22, lampY - hgt * 0.5)];
        out.push(`<path d="M${pts.map((p) => `${f(p[0])} ${f(p[1])}`).join(" L")} Z" fill="${lamp}" stroke="#2a2a2a" stroke-width="${f(W * 0.005)}"/>`);
      }
      if (options.night) {
        const glow = ctx.radial([
          [0, "#fff7d6", 0.9],
          [0.3, "#fff0bd", 0.35],
          [1, "#fff0bd", 0],
        ]);
        const c = P(side * 0.35, lampY);
        out.push(`<circle cx="${f(c[0])}" cy="${f(c[1])}" r="${f(W * 0.3)}" fill="${glow}"/>`);
      }
    }
    // Grille.
    if (fs === "kidney") {
      for (const side of [-1, 1]) {
        const g = P(side === -1 ? -0.1 : 0.01, lampY + 0.03);
        out.push(
          `<rect x="${f(g[0])}" y="${f(g[1])}" width="${f(W * 0.09)}" height="${f(W * 0.07)}" rx="${f(W * 0.025)}" fill="#121212" stroke="#c9ccd1" stroke-width="${f(W * 0.006)}"/>`,
        );
      }
    } else if (fs !== "smooth") {
      const gw = fs === "boxy" ? 0.5 : 0.34;
      const g = P(-gw / 2, lampY + (fs === "boxy" ? 0.04 : 0.01));
      out.push(`<rect x="${f(g[0])}" y="${f(g[1])}" width="${f(W * gw)}" height="${f(W * (fs === "boxy" ? 0.09 : 0.05))}" rx="${f(W * 0.015)}" fill="#111"/>`);
      for (let i = 1; i < 6; i++) {
        const gx = P(-gw / 2 + (gw * i) / 6, 0)[0];
        out.push(`<line x1="${f(gx)}" y1="${f(g[1])}" x2="${f(gx)}" y2="${f(g[1] + W * (fs === "boxy" ? 0.09 : 0.05))}" stroke="#333" stroke-width="${f(W * 0.004)}"/>`);
      }
    }
    // Lower intake and the plate.
    const intake = P(-0.3, 0.135 * tall);
    out.push(`<rect x="${f(intake[0])}" y="${f(intake[1])}" width="${f(W * 0.6)}" height="${f(W * 0.05)}" rx="${f(W * 0.02)}" fill="#0d0d0f"/>`);
    const plate = P(-0.1, 0.12 * tall + 0.01);
    out.push(
      `<rect x="${f(plate[0])}" y="${f(plate[1])}" width="${f(W * 0.2)}" height="${f(W * 0.045)}" rx="${f(W * 0.006)}" fill="#f1f1ea" stroke="#333" stroke-width="${f(W * 0.003)}"/>`,
    );
  } else {
    for (const side of [-1, 1]) {
      const t = P(side === -1 ? -0.47 : 0.3, lampY + 0.03);
      out.push(`<rect x="${f(t[0])}" y="${f(t[1])}" width="${f(W * 0.17)}" height="${f(W * 0.045)}" rx="${f(W * 0.012)}" fill="#c3121f"/>`);
      const glow = ctx.radial([
        [0, "#ff3040", options.night ? 0.85 : 0.35],
        [1, "#ff3040", 0],
      ]);
      const c = P(side * 0.39, lampY + 0.01);
      out.push(`<circle cx="${f(c[0])}" cy="${f(c[1])}" r="${f(W * (options.night ? 0.28 : 0.1))}" fill="${glow}"/>`);
    }
    if (look.style === "fastback" || look.style === "midengine") {
      const bar = P(-0.3, lampY + 0.02);
      out.push(`<rect x="${f(bar[0])}" y="${f(bar[1])}" width="${f(W * 0.6)}" height="${f(W * 0.012)}" fill="#e0162a" opacity="0.9"/>`);
    }
    const plate = P(-0.1, lampY - 0.03);
    out.push(
      `<rect x="${f(plate[0])}" y="${f(plate[1])}" width="${f(W * 0.2)}" height="${f(W * 0.045)}" rx="${f(W * 0.006)}" fill="#f4d23c" stroke="#333" stroke-width="${f(W * 0.003)}"/>`,
    );
    const diffuser = P(-0.32, 0.1);
    out.push(`<rect x="${f(diffuser[0])}" y="${f(diffuser[1])}" width="${f(W * 0.64)}" height="${f(W * 0.035)}" fill="#101012"/>`);
    for (const side of [-1, 1]) {
      const e = P(side * 0.22, 0.085);
      out.push(`<ellipse cx="${f(e[0])}" cy="${f(e[1])}" rx="${f(W * 0.035)}" ry="${f(W * 0.022)}" fill="#3b3d42" stroke="#9aa0a8" stroke-width="${f(W * 0.006)}"/>`);
    }
    if (look.wing) {
      const w = P(-0.46, roof + 0.05);
      out.push(`<rect x="${f(w[0])}" y="${f(w[1])}" width="${f(W * 0.92)}" height="${f(W * 0.03)}" rx="${f(W * 0.008)}" fill="${darken(look.color, 0.55)}"/>`);
      for (const side of [-1, 1]) {
        const st = P(side * 0.25, roof + 0.03);
        out.push(`<rect x="${f(st[0] - W * 0.01)}" y="${f(st[1])}" width="${f(W * 0.02)}" height="${f(W * (roof + 0.03 - belt))}" fill="#151515"/>`);
      }
    }
  }
  return out.join("");
}

// ------------------------------------------------------------------ backgrounds

type Background = { svg: string; groundY: number; night: boolean; reflective: boolean };

function sky(ctx: Ctx, stops: Array<[number, string]>, until: number) {
  return `<rect width="${ctx.w}" height="${f(until)}" fill="${ctx.linear(stops)}"/>`;
}

function stars(ctx: Ctx, count: number, maxY: number) {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    out.push(
      `<circle cx="${f(ctx.rng.float(0, ctx.w))}" cy="${f(ctx.rng.float(0, maxY))}" r="${f(ctx.rng.float(0.6, 1.8) * (ctx.w / 1200))}" fill="#fff" opacity="${f(ctx.rng.float(0.3, 0.9))}"/>`,
    );
  }
  return out.join("");
}

function pine(x: number, base: number, height: number, color: string, snow = false) {
  const w = height * 0.42;
  let out = `<rect x="${f(x - height * 0.03)}" y="${f(base - height * 0.18)}" width="${f(height * 0.06)}" height="${f(height * 0.18)}" fill="#2a1d14"/>`;
  for (let i = 0; i < 3; i++) {
    const top = base - height * (0.45 + i * 0.27);
    const bottom = base - height * (0.1 + i * 0.25);
    const half = w * (1 - i * 0.25);
    out += `<path d="M${f(x)} ${f(top - height * 0.12)} L${f(x + half)} ${f(bottom)} L${f(x - half)} ${f(bottom)} Z" fill="${color}"/>`;
    if (snow)
      out += `<path d="M${f(x)} ${f(top - height * 0.12)} L${f(x + half * 0.45)} ${f(top + height * 0.05)} L${f(x - half * 0.45)} ${f(top + height * 0.05)} Z" fill="#f4f7fb"/>`;
  }
  return out;
}

function sunsetBg(ctx: Ctx, gy: number): Background {
  const { w, h, rng } = ctx;
  const horizon = gy - h * 0.14;
  const palette = rng.pick([
    ["#1b1640", "#5b2a6e", "#d2555a", "#f79d4c", "#ffd887"],
    ["#0f1c3f", "#3a3f7a", "#c0587e", "#f3925b", "#ffe3a3"],
    ["#24123a", "#6d2b5c", "#e2604a", "#fbb04d", "#fff0b8"],
  ]);
  let svg = sky(
    ctx,
    [
      [0, palette[0]],
      [0.35, palette[1]],
      [0.65, palette[2]],
      [0.85, palette[3]],
      [1, palette[4]],
    ],
    horizon + 2,
  );
  const sunX = rng.float(0.2, 0.8) * w;
  const glow = ctx.radial([
    [0, "#fff4c2", 0.95],
    [0.2, "#ffd27a", 0.6],
    [1, "#ff9a4d", 0],
  ]);
  svg += `<circle cx="${f(sunX)}" cy="${f(horizon - h * 0.04)}" r="${f(w * 0.45)}" fill="${glow}"/>`;
  svg += `<circle cx="${f(sunX)}" cy="${f(horizon - h * 0.04)}" r="${f(w * 0.06)}" fill="#fff3c8"/>`;
  const ridges = [mix(palette[1], palette[2], 0.3), mix(palette[0], palette[1], 0.6), palette[0]];
  ridges.forEach((color, i) => {
    svg += `<path d="${ridgePath(ridge(rng, w, horizon + i * h * 0.012, h * (0.16 - i * 0.04), 0.55), w, horizon + h * 0.03)}" fill="${color}" opacity="${0.85 + i * 0.05}"/>`;
  });
  const road = ctx.linear([
    [0, "#2d2433"],
    [1, "#0d0a10"],
  ]);
  svg += `<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${road}"/>`;
  svg += `<rect y="${f(horizon)}" width="${w}" height="${f(h * 0.006)}" fill="${palette[3]}" opacity="0.5"/>`;
  for (let x = -rng.float(0, w * 0.1); x < w; x += w * 0.14) {
    svg += `<rect x="${f(x)}" y="${f(gy + (h - gy) * 0.45)}" width="${f(w * 0.07)}" height="${f(h * 0.008)}" fill="#f2c14e" opacity="0.8"/>`;
  }
  const sheen = ctx.linear([
    [0, palette[3], 0.25],
    [1, palette[3], 0],
  ]);
  svg += `<rect y="${f(horizon)}" width="${w}" height="${f((h - horizon) * 0.5)}" fill="${sheen}"/>`;
  return { svg, groundY: gy, night: false, reflective: true };
}

function trackBg(ctx: Ctx, gy: number): Background {
  const { w, h, rng } = ctx;
  const horizon = gy - h * 0.2;
  let svg = sky(
    ctx,
    [
      [0, "#3d7fd1"],
      [0.7, "#a9d1f5"],
      [1, "#e6f2fb"],
    ],
    horizon + 2,
  );
  for (let i = 0; i < 6; i++) {
    const cx = rng.float(0, w);
    const cy = rng.float(0.05, 0.35) * horizon;
    const r = rng.float(0.04, 0.09) * w;
    svg += `<g fill="#fff" opacity="${f(rng.float(0.55, 0.85))}"><ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(r * 1.6)}" ry="${f(r * 0.45)}"/><ellipse cx="${f(cx - r * 0.5)}" cy="${f(cy - r * 0.25)}" rx="${f(r * 0.7)}" ry="${f(r * 0.45)}"/><ellipse cx="${f(cx + r * 0.4)}" cy="${f(cy - r * 0.3)}" rx="${f(r * 0.8)}" ry="${f(r * 0.55)}"/></g>`;
  }
  svg += `<path d="${ridgePath(ridge(rng, w, horizon - h * 0.01, h * 0.05, 0.6), w, horizon + 4)}" fill="#4f7f4a"/>`;
  // Grandstand with a crowd and a roof.
  const gsX = rng.float(0.05, 0.45) * w;
  const gsW = w * 0.45;
  const gsH = h * 0.11;
  svg += `<rect x="${f(gsX)}" y="${f(horizon - gsH)}" width="${f(gsW)}" height="${f(gsH)}" fill="#8a9099"/>`;
  svg += `<rect x="${f(gsX - w * 0.01)}" y="${f(horizon - gsH - h * 0.02)}" width="${f(gsW + w * 0.02)}" height="${f(h * 0.015)}" fill="#dfe3e8"/>`;
  const crowd = ["#e63946", "#f1faee", "#457b9d", "#ffb703", "#2a9d8f", "#1d3557"];
  for (let i = 0; i < 160; i++) {
    svg += `<rect x="${f(gsX + rng.float(0.01, 0.98) * gsW)}" y="${f(horizon - gsH + rng.float(0.1, 0.85) * gsH)}" width="${f(w * 0.004)}" height="${f(w * 0.005)}" fill="${rng.pick(crowd)}"/>`;
  }
  // Pit wall, run-off, track, kerbs.
  svg += `<rect y="${f(horizon)}" width="${w}" height="${f(h * 0.03)}" fill="#d8dadd"/>`;
  for (let x = 0; x < w; x += w * 0.1) svg += `<rect x="${f(x)}" y="${f(horizon + h * 0.008)}" width="${f(w * 0.05)}" height="${f(h * 0.014)}" fill="#1f6fb2"/>`;
  svg += `<rect y="${f(horizon + h * 0.03)}" width="${w}" height="${f(h * 0.04)}" fill="#6aa84f"/>`;
  const asphalt = ctx.linear([
    [0, "#55585d"],
    [1, "#2b2d31"],
  ]);
  const trackTop = horizon + h * 0.07;
  svg += `<rect y="${f(trackTop)}" width="${w}" height="${f(h - trackTop)}" fill="${asphalt}"/>`;
  const kerbY = trackTop;
  const kw = w * 0.045;
  for (let x = -rng.float(0, kw * 2), i = 0; x < w; x += kw, i++) {
    svg += `<rect x="${f(x)}" y="${f(kerbY)}" width="${f(kw)}" height="${f(h * 0.022)}" fill="${i % 2 ? "#f4f4f4" : "#d62828"}"/>`;
  }
  for (let i = 0; i < 5; i++) {
    const y = rng.float(gy - h * 0.02, h * 0.98);
    svg += `<path d="M${f(rng.float(-0.2, 0.3) * w)} ${f(y)} Q${f(w * 0.5)} ${f(y + rng.float(-0.03, 0.03) * h)} ${f(rng.float(0.7, 1.2) * w)} ${f(y + rng.float(-0.04, 0.04) * h)}" stroke="#151515" stroke-opacity="0.25" stroke-width="${f(w * 0.012)}" fill="none"/>`;
  }
  svg += `<rect y="${f(h * 0.97)}" width="${w}" height="${f(h * 0.006)}" fill="#f4f4f4" opacity="0.85"/>`;
  return { svg, groundY: gy, night: false, reflective: false };
}

function garageBg(ctx: Ctx, gy: number): Background {
  const { w, h, rng } = ctx;
  const floorTop = gy - h * 0.18;
  const wall = ctx.linear([
    [0, "#17191d"],
    [1, "#2b2f36"],
  ]);
  let svg = `<rect width="${w}" height="${f(floorTop)}" fill="${wall}"/>`;
  for (let y = floorTop * 0.3; y < floorTop; y += h * 0.07) {
    svg += `<line x1="0" y1="${f(y)}" x2="${w}" y2="${f(y)}" stroke="#000" stroke-opacity="0.25" stroke-width="${f(h * 0.003)}"/>`;
  }
  // Hexagon light grid across the ceiling.
  const hexR = w * 0.045;
  const hexRows = 3;
  const hexLine = (cx: number, cy: number) => {
    const pts = Array.from({ length: 6 }, (_, i) => {
      const a = (Math.PI / 3) * i + Math.PI / 6;
      return `${f(cx + hexR * Math.cos(a))} ${f(cy + hexR * Math.sin(a) * 0.45)}`;
    });
    return `M${pts.join(" L")} Z`;
  };
  let hexes = "";
  for (let row = 0; row < hexRows; row++) {
    for (let col = -1; col < w / (hexR * 1.75) + 1; col++) {
      hexes += hexLine(col * hexR * 1.75 + (row % 2) * hexR * 0.87, floorTop * 0.1 + row * hexR * 0.7);
    }
  }
  svg += `<path d="${hexes}" stroke="#eaf6ff" stroke-width="${f(w * 0.004)}" fill="none" opacity="0.95"/>`;
  const ceilingGlow = ctx.radial(
    [
      [0, "#dff1ff", 0.35],
      [1, "#dff1ff", 0],
    ],
    { cy: 0, r: 0.9 },
  );
  svg += `<rect width="${w}" height="${f(floorTop)}" fill="${ceilingGlow}"/>`;
  // Tool chest and a stack of tyres.
  const chestX = rng.chance(0.5) ? w * 0.04 : w * 0.8;
  svg += `<rect x="${f(chestX)}" y="${f(floorTop - h * 0.2)}" width="${f(w * 0.14)}" height="${f(h * 0.2)}" rx="${f(w * 0.006)}" fill="#b3202a"/>`;
  for (let i = 0; i < 5; i++)
    svg += `<rect x="${f(chestX + w * 0.01)}" y="${f(floorTop - h * 0.19 + i * h * 0.037)}" width="${f(w * 0.12)}" height="${f(h * 0.028)}" fill="#8f1820"/><rect x="${f(chestX + w * 0.05)}" y="${f(floorTop - h * 0.178 + i * h * 0.037)}" width="${f(w * 0.04)}" height="${f(h * 0.005)}" fill="#ccc"/>`;
  const tyreX = chestX < w / 2 ? w * 0.88 : w * 0.08;
  for (let i = 0; i < 4; i++) {
    svg += `<ellipse cx="${f(tyreX)}" cy="${f(floorTop - h * 0.025 - i * h * 0.045)}" rx="${f(w * 0.055)}" ry="${f(h * 0.024)}" fill="#141414" stroke="#2c2c2c" stroke-width="${f(w * 0.003)}"/>`;
  }
  const floor = ctx.linear([
    [0, "#3a3e45"],
    [1, "#101215"],
  ]);
  svg += `<rect y="${f(floorTop)}" width="${w}" height="${f(h - floorTop)}" fill="${floor}"/>`;
  svg += `<rect y="${f(floorTop)}" width="${w}" height="${f(h * 0.004)}" fill="#9aa4b1" opacity="0.4"/>`;
  // The lights again, mirrored in the epoxy floor.
  svg += `<path d="${hexes}" stroke="#eaf6ff" stroke-width="${f(w * 0.004)}" fill="none" opacity="0.12" transform="translate(0 ${f(floorTop * 2 + h * 0.1)}) scale(1 -0.35)"/>`;
  return { svg, groundY: gy, night: false, reflective: true };
}

function mountainBg(ctx: Ctx, gy: number): Background {
  const { w, h, rng } = ctx;
  const horizon = gy - h * 0.16;
  let svg = sky(
    ctx,
    [
      [0, "#5b8ed6"],
      [0.6, "#a8c8ea"],
      [1, "#f3e3c9"],
    ],
    horizon + 2,
  );
  const far = ridge(rng, w, horizon - h * 0.08, h * 0.3, 0.5);
  svg += `<path d="${ridgePath(far, w, horizon + 10)}" fill="#7d8fb3"/>`;
  // Snow caps: the top of the far range.
  const capLine = Math.min(...far.map(([, y]) => y)) + h * 0.07;
  const capId = ctx.id("cap");
  ctx.defs.push(`<clipPath id="${capId}"><path d="${ridgePath(far, w, horizon + 10)}"/></clipPath>`);
  svg += `<rect width="${w}" height="${f(capLine)}" fill="#f4f7fb" clip-path="url(#${capId})"/>`;
  svg += `<path d="${ridgePath(ridge(rng, w, horizon + h * 0.01, h * 0.12, 0.55), w, horizon + 10)}" fill="#4d7250"/>`;
  svg += `<path d="${ridgePath(ridge(rng, w, horizon + h * 0.03, h * 0.05, 0.6), w, horizon + h * 0.05)}" fill="#36573a"/>`;
  for (let i = 0; i < 14; i++) {
    const x = rng.float(0, w);
    svg += pine(x, horizon + h * 0.045, rng.float(0.06, 0.12) * h, rng.pick(["#1f3b24", "#254829", "#1a3320"]));
  }
  const road = ctx.linear([
    [0, "#5a5d63"],
    [1, "#26282c"],
  ]);
  svg += `<rect y="${f(horizon + h * 0.04)}" width="${w}" height="${f(h)}" fill="${road}"/>`;
  // Guardrail.
  const railY = horizon + h * 0.05;
  svg += `<rect y="${f(railY)}" width="${w}" height="${f(h * 0.012)}" fill="#c9ced6"/>`;
  for (let x = 0; x < w; x += w * 0.06) svg += `<rect x="${f(x)}" y="${f(railY)}" width="${f(w * 0.006)}" height="${f(h * 0.035)}" fill="#8d939c"/>`;
  for (let x = -rng.float(0, w * 0.1); x < w; x += w * 0.16) {
    svg += `<rect x="${f(x)}" y="${f(gy + (h - gy) * 0.4)}" width="${f(w * 0.08)}" height="${f(h * 0.008)}" fill="#f5f5f5" opacity="0.85"/>`;
  }
  return { svg, groundY: gy, night: false, reflective: false };
}

function cityBg(ctx: Ctx, gy: number): Background {
  const { w, h, rng } = ctx;
  const horizon = gy - h * 0.12;
  let svg = sky(
    ctx,
    [
      [0, "#04060d"],
      [0.6, "#141b3a"],
      [1, "#3a2456"],
    ],
    horizon + 2,
  );
  svg += stars(ctx, 70, horizon * 0.5);
  const moon = rng.float(0.1, 0.9) * w;
  svg += `<circle cx="${f(moon)}" cy="${f(h * 0.12)}" r="${f(w * 0.03)}" fill="#f5f1df" opacity="0.9"/>`;
  const windows = ["#ffd27a", "#ffe9b3", "#7fe7ff", "#ffb35c"];
  for (const layer of [0, 1]) {
    let x = -rng.float(0, w * 0.05);
    while (x < w) {
      const bw = rng.float(0.05, 0.12) * w;
      const bh = rng.float(0.15, 0.5) * horizon * (layer === 0 ? 1.1 : 0.8);
      const top = horizon - bh;
      svg += `<rect x="${f(x)}" y="${f(top)}" width="${f(bw - w * 0.004)}" height="${f(bh)}" fill="${layer === 0 ? "#0e1326" : "#151b34"}"/>`;
      const cols = Math.max(2, Math.floor(bw / (w * 0.014)));
      const rows = Math.max(2, Math.floor(bh / (h * 0.03)));
      for (let c = 0; c < cols; c++) {
        for (let r = 0; r < rows; r++) {
          if (!rng.chance(layer === 0 ? 0.18 : 0.3)) continue;
          svg += `<rect x="${f(x + (c + 0.3) * ((bw - w * 0.004) / cols))}" y="${f(top + (r + 0.35) * (bh / rows))}" width="${f(w * 0.006)}" height="${f(h * 0.012)}" fill="${rng.pick(windows)}" opacity="${f(rng.float(0.5, 1))}"/>`;
        }
      }
      x += bw;
    }
  }
  // Neon signs.
  for (let i = 0; i < 3; i++) {
    const color = rng.pick(["#ff3cac", "#2bd2ff", "#ffe14d", "#7cff6b"]);
    const nx = rng.float(0.05, 0.85) * w;
    const ny = rng.float(0.4, 0.8) * horizon;
    const glow = ctx.radial([
      [0, color, 0.55],
      [1, color, 0],
    ]);
    svg += `<ellipse cx="${f(nx + w * 0.04)}" cy="${f(ny + h * 0.012)}" rx="${f(w * 0.1)}" ry="${f(h * 0.06)}" fill="${glow}"/>`;
    svg += `<rect x="${f(nx)}" y="${f(ny)}" width="${f(w * 0.08)}" height="${f(h * 0.024)}" rx="${f(h * 0.012)}" fill="none" stroke="${color}" stroke-width="${f(w * 0.004)}"/>`;
  }
  // Wet street with streaks of reflected light.
  const street = ctx.linear([
    [0, "#1a1c2c"],
    [1, "#06070c"],
  ]);
  svg += `<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${street}"/>`;
  for (let i = 0; i < 18; i++) {
    const color = rng.pick(["#ff3cac", "#2bd2ff", "#ffd27a", "#ffffff"]);
    const x = rng.float(0, w);
    const streak = ctx.linear([
      [0, color, 0.45],
      [1, color, 0],
    ]);
    svg += `<rect x="${f(x)}" y="${f(horizon)}" width="${f(rng.float(0.004, 0.012) * w)}" height="${f(rng.float(0.3, 0.9) * (h - horizon))}" fill="${streak}"/>`;
  }
  // Street lamps.
  for (let x = rng.float(0.05, 0.2) * w; x < w; x += w * rng.float(0.3, 0.45)) {
    const top = horizon - h * 0.28;
    svg += `<rect x="${f(x)}" y="${f(top)}" width="${f(w * 0.005)}" height="${f(horizon - top)}" fill="#1c1f2b"/>`;
    const glow = ctx.radial([
      [0, "#ffe3a6", 0.9],
      [0.2, "#ffcf70", 0.4],
      [1, "#ffcf70", 0],
    ]);
    svg += `<circle cx="${f(x)}" cy="${f(top)}" r="${f(w * 0.07)}" fill="${glow}"/>`;
  }
  return { svg, groundY: gy, night: true, reflective: true };
}

function coastBg(ctx: Ctx, gy: number): Background {
  const { w, h, rng } = ctx;
  const horizon = gy - h * 0.22;
  let svg = sky(
    ctx,
    [
      [0, "#2f86d6"],
      [0.7, "#8cc8f0"],
      [1, "#dff1fb"],
    ],
    horizon + 2,
  );
  const sea = ctx.linear([
    [0, "#2a7fb8"],
    [1, "#0f4c75"],
  ]);
  svg += `<rect y="${f(horizon)}" width="${w}" height="${f(h * 0.12)}" fill="${sea}"/>`;
  for (let i = 0; i < 40; i++) {
    svg += `<rect x="${f(rng.float(0, w))}" y="${f(horizon + rng.float(0.005, 0.11) * h)}" width="${f(rng.float(0.01, 0.04) * w)}" height="${f(h * 0.003)}" fill="#fff" opacity="${f(rng.float(0.3, 0.8))}"/>`;
  }
  const left = rng.chance(0.5);
  const cliff = ridge(rng, w * 0.4, horizon + h * 0.08, h * 0.25, 0.5).map(([x, y]) => [left ? x : w - x, y] as Pt);
  svg += `<path d="M${left ? 0 : w} ${h} ${cliff.map(([x, y]) => `L${f(x)} ${f(y)}`).join(" ")} L${left ? f(w * 0.4) : f(w * 0.6)} ${h} Z" fill="#8a6a4a"/>`;
  svg += `<path d="M${left ? 0 : w} ${h} ${cliff.map(([x, y]) => `L${f(x)} ${f(y + h * 0.04)}`).join(" ")} L${left ? f(w * 0.4) : f(w * 0.6)} ${h} Z" fill="#5f8a3f" opacity="0.85"/>`;
  const roadTop = horizon + h * 0.12;
  svg += `<rect y="${f(roadTop)}" width="${w}" height="${f(h * 0.025)}" fill="#d8d2c4"/>`;
  const road = ctx.linear([
    [0, "#4d4f54"],
    [1, "#222427"],
  ]);
  svg += `<rect y="${f(roadTop + h * 0.025)}" width="${w}" height="${f(h)}" fill="${road}"/>`;
  for (let x = -rng.float(0, w * 0.1); x < w; x += w * 0.15)
    svg += `<rect x="${f(x)}" y="${f(gy + (h - gy) * 0.45)}" width="${f(w * 0.08)}" height="${f(h * 0.008)}" fill="#f6f6f6" opacity="0.85"/>`;
  return { svg, groundY: gy, night: false, reflective: false };
}

function desertBg(ctx: Ctx, gy: number): Background {
  const { w, h, rng } = ctx;
  const horizon = gy - h * 0.15;
  let svg = sky(
    ctx,
    [
      [0, "#4a9ad9"],
      [0.75, "#bfe0f2"],
      [1, "#fbe7c6"],
    ],
    horizon + 2,
  );
  const sun = ctx.radial([
    [0, "#fffbe8", 1],
    [0.15, "#fff3c4", 0.7],
    [1, "#fff3c4", 0],
  ]);
  svg += `<circle cx="${f(rng.float(0.15, 0.85) * w)}" cy="${f(h * 0.15)}" r="${f(w * 0.25)}" fill="${sun}"/>`;
  // Mesas.
  for (let i = 0; i < 3; i++) {
    const x = rng.float(-0.1, 0.8) * w;
    const mw = rng.float(0.15, 0.35) * w;
    const mh = rng.float(0.06, 0.14) * h;
    svg += `<path d="M${f(x)} ${f(horizon)} L${f(x + mw * 0.12)} ${f(horizon - mh)} L${f(x + mw * 0.85)} ${f(horizon - mh)} L${f(x + mw)} ${f(horizon)} Z" fill="${rng.pick(["#c1734a", "#b5653c", "#cf8a5c"])}" opacity="0.9"/>`;
  }
  const ground = ctx.linear([
    [0, "#f1dcb5"],
    [1, "#d9b98a"],
  ]);
  svg += `<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${ground}"/>`;
  const haze = ctx.linear([
    [0, "#ffffff", 0.5],
    [1, "#ffffff", 0],
  ]);
  svg += `<rect y="${f(horizon - h * 0.01)}" width="${w}" height="${f(h * 0.05)}" fill="${haze}"/>`;
  for (let i = 0; i < 30; i++)
    svg += `<ellipse cx="${f(rng.float(0, w))}" cy="${f(rng.float(horizon + h * 0.02, h))}" rx="${f(rng.float(0.01, 0.05) * w)}" ry="${f(h * 0.004)}" fill="#b89667" opacity="0.35"/>`;
  return { svg, groundY: gy, night: false, reflective: false };
}

function snowBg(ctx: Ctx, gy: number): Background {
  const { w, h, rng } = ctx;
  const horizon = gy - h * 0.15;
  let svg = sky(
    ctx,
    [
      [0, "#8ea5c2"],
      [1, "#e4ebf3"],
    ],
    horizon + 2,
  );
  svg += `<path d="${ridgePath(ridge(rng, w, horizon, h * 0.18, 0.55), w, horizon + 10)}" fill="#cfd9e6"/>`;
  svg += `<path d="${ridgePath(ridge(rng, w, horizon + h * 0.02, h * 0.08, 0.6), w, horizon + h * 0.05)}" fill="#eef3f8"/>`;
  for (let i = 0; i < 16; i++) svg += pine(rng.float(0, w), horizon + h * 0.04, rng.float(0.07, 0.15) * h, "#1d3a2e", true);
  const ground = ctx.linear([
    [0, "#f7f9fc"],
    [1, "#d7e0ea"],
  ]);
  svg += `<rect y="${f(horizon + h * 0.04)}" width="${w}" height="${f(h)}" fill="${ground}"/>`;
  for (const offset of [-0.02, 0.05]) {
    svg += `<rect y="${f(gy + h * offset)}" width="${w}" height="${f(h * 0.018)}" fill="#a9b4c2" opacity="0.5"/>`;
  }
  for (let i = 0; i < 140; i++)
    svg += `<circle cx="${f(rng.float(0, w))}" cy="${f(rng.float(0, h))}" r="${f(rng.float(1, 3.2) * (w / 1200))}" fill="#fff" opacity="${f(rng.float(0.5, 0.95))}"/>`;
  return { svg, groundY: gy, night: false, reflective: false };
}

function meetBg(ctx: Ctx, gy: number): Background {
  const { w, h, rng } = ctx;
  const horizon = gy - h * 0.2;
  let svg = sky(
    ctx,
    [
      [0, "#1c1b3a"],
      [0.5, "#52376b"],
      [0.85, "#c8657a"],
      [1, "#f2a470"],
    ],
    horizon + 2,
  );
  svg += `<path d="${ridgePath(ridge(rng, w, horizon, h * 0.05, 0.6), w, horizon + 4)}" fill="#1f1a30"/>`;
  const lot = ctx.linear([
    [0, "#35323f"],
    [1, "#141319"],
  ]);
  svg += `<rect y="${f(horizon)}" width="${w}" height="${f(h - horizon)}" fill="${lot}"/>`;
  for (let x = 0; x < w; x += w * 0.12)
    svg += `<line x1="${f(x)}" y1="${f(horizon + h * 0.02)}" x2="${f(x - w * 0.05)}" y2="${f(horizon + h * 0.1)}" stroke="#e8e8e8" stroke-opacity="0.5" stroke-width="${f(w * 0.003)}"/>`;
  for (let x = rng.float(0.05, 0.2) * w; x < w; x += w * 0.35) {
    const top = horizon - h * 0.3;
    svg += `<rect x="${f(x)}" y="${f(top)}" width="${f(w * 0.005)}" height="${f(horizon + h * 0.03 - top)}" fill="#0f0e16"/>`;
    const glow = ctx.radial([
      [0, "#ffe7b0", 0.9],
      [0.25, "#ffd27a", 0.35],
      [1, "#ffd27a", 0],
    ]);
    svg += `<circle cx="${f(x)}" cy="${f(top)}" r="${f(w * 0.08)}" fill="${glow}"/>`;
  }
  return { svg, groundY: gy, night: true, reflective: false };
}

export const SCENES = ["sunset", "track", "garage", "mountain", "city", "coast", "desert", "snow", "meet"] as const;
export type SceneName = (typeof SCENES)[number];

const BACKGROUNDS: Record<SceneName, (ctx: Ctx, gy: number) => Background> = {
  sunset: sunsetBg,
  track: trackBg,
  garage: garageBg,
  mountain: mountainBg,
  city: cityBg,
  coast: coastBg,
  desert: desertBg,
  snow: snowBg,
  meet: meetBg,
};

// ------------------------------------------------------------------ compositions

export const SHOTS = ["side", "front", "rear", "wheel", "gauges"] as const;
export type Shot = (typeof SHOTS)[number] | "meet";

export type PictureSpec = {
  width: number;
  height: number;
  scene: SceneName;
  shot: Shot;
  look: CarLook;
  seed: string;
  /** Other cars for a meet line-up. */
  others?: CarLook[];
  /** Needle positions (0-1) of a gauge close-up; random when absent. */
  needles?: [number, number];
};

function vignette(ctx: Ctx, strength = 0.45) {
  const v = ctx.radial(
    [
      [0.55, "#000", 0],
      [1, "#000", strength],
    ],
    { r: 0.75 },
  );
  return `<rect width="${ctx.w}" height="${ctx.h}" fill="${v}"/>`;
}

function speedLines(ctx: Ctx, fromY: number, toY: number, count: number) {
  let out = "";
  for (let i = 0; i < count; i++) {
    const y = ctx.rng.float(fromY, toY);
    const x = ctx.rng.float(-0.1, 0.9) * ctx.w;
    out += `<rect x="${f(x)}" y="${f(y)}" width="${f(ctx.rng.float(0.1, 0.35) * ctx.w)}" height="${f(ctx.h * 0.003)}" fill="#fff" opacity="${f(ctx.rng.float(0.08, 0.25))}"/>`;
  }
  return out;
}

function wheelCloseUp(ctx: Ctx, spec: PictureSpec): string {
  const { w, h, rng } = ctx;
  const look = spec.look;
  const bgColor = rng.pick(["#1b2230", "#2b1f2a", "#203028", "#2c2c30", "#3a2a1e"]);
  let svg = `<rect width="${w}" height="${h}" fill="${ctx.linear([
    [0, lighten(bgColor, 0.25)],
    [1, darken(bgColor, 0.5)],
  ])}"/>`;
  // Out-of-focus lights behind.
  for (let i = 0; i < 16; i++) {
    const c = rng.pick(["#ffd27a", "#ffffff", "#ff8a5c", "#8ad0ff"]);
    const bokeh = ctx.radial([
      [0, c, 0.4],
      [0.8, c, 0.22],
      [1, c, 0],
    ]);
    svg += `<circle cx="${f(rng.float(0, w))}" cy="${f(rng.float(0, h * 0.35))}" r="${f(rng.float(0.02, 0.07) * w)}" fill="${bokeh}"/>`;
  }
  const r = Math.min(w, h) * 0.34;
  const cx = w * rng.float(0.45, 0.55);
  const cy = h * 0.64;
  svg += `<rect y="${f(cy + r * 0.98)}" width="${w}" height="${f(h)}" fill="${ctx.linear([
    [0, "#1a1b1f"],
    [1, "#060607"],
  ])}"/>`;
  const shadow = ctx.radial([
    [0, "#000", 0.8],
    [1, "#000", 0],
  ]);
  svg += `<ellipse cx="${f(cx)}" cy="${f(cy + r)}" rx="${f(r * 1.6)}" ry="${f(r * 0.12)}" fill="${shadow}"/>`;
  // The body panel around the arch, with the light catching its edge.
  const paint = ctx.linear([
    [0, lighten(look.color, 0.45)],
    [0.35, look.color],
    [1, darken(look.color, 0.55)],
  ]);
  const archR = r * 1.12;
  const top = cy - r * 1.5;
  svg += `<path d="M0 ${f(top + r * 0.1)} Q${f(w / 2)} ${f(top - r * 0.08)} ${w} ${f(top + r * 0.12)} L${w} ${f(cy + r * 0.3)} L${f(cx + archR)} ${f(cy + r * 0.3)} A${f(archR)} ${f(archR)} 0 1 0 ${f(cx - archR)} ${f(cy + r * 0.3)} L0 ${f(cy + r * 0.3)} Z" fill="${paint}"/>`;
  svg += `<path d="M0 ${f(top + r * 0.1)} Q${f(w / 2)} ${f(top - r * 0.08)} ${w} ${f(top + r * 0.12)}" stroke="${lighten(look.color, 0.7)}" stroke-width="${f(r * 0.025)}" fill="none"/>`;
  svg += `<path d="M${f(cx - archR * 1.04)} ${f(cy + r * 0.3)} A${f(archR * 1.04)} ${f(archR * 1.04)} 0 1 1 ${f(cx + archR * 1.04)} ${f(cy + r * 0.3)}" stroke="#000" stroke-opacity="0.35" stroke-width="${f(r * 0.03)}" fill="none"/>`;
  const wellClip = ctx.id("well");
  ctx.defs.push(`<clipPath id="${wellClip}"><rect width="${w}" height="${f(cy + r * 0.3)}"/></clipPath>`);
  svg += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(archR)}" fill="#060607" clip-path="url(#${wellClip})"/>`;
  svg += wheel(ctx, cx, cy, r, { ...look, spokes: look.spokes ?? 10, caliper: look.caliper ?? "#c8102e" }, rng.float(0, 72), false, true);
  const shine = ctx.linear(
    [
      [0, "#fff", 0.3],
      [0.5, "#fff", 0],
      [1, "#fff", 0],
    ],
    [0, 0, 1, 1],
  );
  svg += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(r * 0.7)}" fill="${shine}"/>`;
  return svg + vignette(ctx, 0.55);
}

function gaugeCluster(ctx: Ctx, spec: PictureSpec): string {
  const { w, h, rng } = ctx;
  const glow = rng.pick(["#ff8a2a", "#ffffff", "#ff3b30", "#47d1ff"]);
  let svg = `<rect width="${w}" height="${h}" fill="${ctx.linear([
    [0, "#1b1c20"],
    [1, "#050506"],
  ])}"/>`;
  svg += `<path d="M0 ${f(h * 0.22)} Q${f(w / 2)} ${f(h * 0.08)} ${w} ${f(h * 0.22)} L${w} ${f(h * 0.3)} Q${f(w / 2)} ${f(h * 0.16)} 0 ${f(h * 0.3)} Z" fill="#2a2b30"/>`;
  const r = Math.min(w * 0.24, h * 0.28);
  const gauges = [
    { cx: w / 2 - r * 1.08, cy: h * 0.5, max: 8, red: 7, needle: rng.float(0.35, 0.85) },
    { cx: w / 2 + r * 1.08, cy: h * 0.5, max: 12, red: 13, needle: rng.float(0.2, 0.6) },
  ];
  if (spec.needles) spec.needles.forEach((value, i) => (gauges[i].needle = value));
  if (h > w) {
    // Portrait: stack the dials.
    gauges[0].cx = w / 2;
    gauges[0].cy = h * 0.3;
    gauges[1].cx = w / 2;
    gauges[1].cy = h * 0.3 + r * 2.2;
  }
  for (const g of gauges) {
    const face = ctx.radial([
      [0, "#1d1e22"],
      [0.85, "#0c0c0e"],
      [1, "#2e2f35"],
    ]);
    svg += `<circle cx="${f(g.cx)}" cy="${f(g.cy)}" r="${f(r * 1.04)}" fill="#444850"/><circle cx="${f(g.cx)}" cy="${f(g.cy)}" r="${f(r)}" fill="${face}"/>`;
    const halo = ctx.radial([
      [0.6, glow, 0],
      [0.9, glow, 0.18],
      [1, glow, 0],
    ]);
    svg += `<circle cx="${f(g.cx)}" cy="${f(g.cy)}" r="${f(r)}" fill="${halo}"/>`;
    const start = 135;
    const sweep = 270;
    const ticks = g.max * 4;
    for (let i = 0; i <= ticks; i++) {
      const a = ((start + (sweep * i) / ticks) * Math.PI) / 180;
      const major = i % 4 === 0;
      const r1 = r * (major ? 0.76 : 0.83);
      const color = i / 4 >= g.red ? "#ff3030" : glow;
      svg += `<line x1="${f(g.cx + Math.cos(a) * r1)}" y1="${f(g.cy + Math.sin(a) * r1)}" x2="${f(g.cx + Math.cos(a) * r * 0.9)}" y2="${f(g.cy + Math.sin(a) * r * 0.9)}" stroke="${color}" stroke-width="${f(r * (major ? 0.03 : 0.012))}"/>`;
      if (major) svg += `<circle cx="${f(g.cx + Math.cos(a) * r * 0.64)}" cy="${f(g.cy + Math.sin(a) * r * 0.64)}" r="${f(r * 0.022)}" fill="${color}" opacity="0.8"/>`;
    }
    const na = ((start + sweep * g.needle) * Math.PI) / 180;
    svg += `<line x1="${f(g.cx - Math.cos(na) * r * 0.12)}" y1="${f(g.cy - Math.sin(na) * r * 0.12)}" x2="${f(g.cx + Math.cos(na) * r * 0.86)}" y2="${f(g.cy + Math.sin(na) * r * 0.86)}" stroke="#ff4a1a" stroke-width="${f(r * 0.03)}" stroke-linecap="round"/>`;
    svg += `<circle cx="${f(g.cx)}" cy="${f(g.cy)}" r="${f(r * 0.09)}" fill="#222" stroke="#555" stroke-width="${f(r * 0.015)}"/>`;
  }
  // The steering wheel rim across the bottom, with stitching and a top marker.
  const sr = w * 0.75;
  const rimTop = h > w ? gauges[1].cy + r * 1.35 : h * 0.62;
  svg += `<circle cx="${f(w / 2)}" cy="${f(rimTop + sr)}" r="${f(sr)}" fill="none" stroke="#141416" stroke-width="${f(w * 0.07)}"/>`;
  svg += `<circle cx="${f(w / 2)}" cy="${f(rimTop + sr)}" r="${f(sr)}" fill="none" stroke="${spec.look.stripe ?? "#c21f2a"}" stroke-width="${f(w * 0.004)}" stroke-dasharray="${f(w * 0.01)} ${f(w * 0.008)}"/>`;
  svg += `<rect x="${f(w / 2 - w * 0.012)}" y="${f(rimTop - w * 0.035)}" width="${f(w * 0.024)}" height="${f(w * 0.07)}" fill="${spec.look.stripe ?? "#d6d6d6"}"/>`;
  return svg + vignette(ctx, 0.6);
}

/** The SVG of one picture. */
export function pictureSvg(spec: PictureSpec): string {
  const ctx = new Ctx(spec.width, spec.height, createRng(spec.seed));
  const { w, h, rng } = ctx;
  if (spec.shot === "wheel") return ctx.svg(wheelCloseUp(ctx, spec));
  if (spec.shot === "gauges") return ctx.svg(gaugeCluster(ctx, spec));

  const portrait = h > w;
  const gy = h * (portrait ? rng.float(0.74, 0.8) : rng.float(0.8, 0.86));
  const bg = BACKGROUNDS[spec.scene](ctx, gy);
  let svg = bg.svg;
  const night = bg.night;

  if (spec.shot === "meet") {
    const cars = [spec.look, ...(spec.others ?? [])].slice(0, 4);
    const length = w * (portrait ? 0.55 : 0.34);
    // Back row, smaller and dimmer, then the hero car in front.
    cars.slice(1).forEach((look, i) => {
      const x = w * (0.05 + i * 0.32) + rng.float(-0.03, 0.03) * w;
      svg += `<g opacity="0.92">${carSide(ctx, look, x, gy - h * 0.09, length * 0.8, { facing: i % 2 ? -1 : 1, night, beam: false })}</g>`;
    });
    const heroLength = w * (portrait ? 0.85 : 0.55);
    svg += carSide(ctx, spec.look, (w - heroLength) / 2, gy + h * 0.04, heroLength, { night, reflection: false });
    return ctx.svg(svg + vignette(ctx));
  }

  if (spec.shot === "side") {
    const facing: 1 | -1 = rng.chance(0.6) ? 1 : -1;
    const length = w * (portrait ? rng.float(0.86, 0.94) : rng.float(0.58, 0.74));
    const slack = w - length;
    const offset = portrait ? slack / 2 : slack * rng.pick([0.2, 0.5, 0.8]);
    const x = facing === 1 ? offset : offset + length;
    const motion = (spec.scene === "track" || spec.scene === "mountain" || spec.scene === "coast") && rng.chance(0.5);
    if (motion) svg += speedLines(ctx, gy - length * 0.35, gy, 22);
    svg += carSide(ctx, spec.look, x, gy, length, { facing, night, reflection: bg.reflective, motion });
    return ctx.svg(svg + vignette(ctx));
  }

  const width = w * (portrait ? rng.float(0.72, 0.82) : rng.float(0.38, 0.48));
  const cx = w * (portrait ? 0.5 : rng.pick([0.35, 0.5, 0.65]));
  svg += endBody(ctx, spec.look, cx, gy, width, spec.shot, { night });
  return ctx.svg(svg + vignette(ctx));
}

export type FrameSpec = {
  width: number;
  height: number;
  scene: SceneName;
  seed: string;
  /** Width of the painted background; the frame shows [offsetX, offsetX + width). */
  backgroundWidth: number;
  offsetX: number;
  groundRatio: number;
  look: CarLook;
  carX: number;
  length: number;
  facing?: 1 | -1;
  wheelAngle: number;
  motion?: boolean;
  speedLines?: number;
};

/** One frame of a sample video: a (scrolling) background and a car driving over it. */
export function frameSvg(spec: FrameSpec): string {
  const ctx = new Ctx(spec.backgroundWidth, spec.height, createRng(spec.seed));
  const gy = spec.height * spec.groundRatio;
  const bg = BACKGROUNDS[spec.scene](ctx, gy);
  const lines = spec.speedLines
    ? speedLines(new Ctx(spec.width, spec.height, createRng(`${spec.seed}:${Math.round(spec.offsetX / 7)}`)), gy - spec.length * 0.3, gy, spec.speedLines)
    : "";
  const car = carSide(ctx, spec.look, spec.carX, gy, spec.length, {
    facing: spec.facing ?? 1,
    night: bg.night,
    wheelAngle: spec.wheelAngle,
    motion: spec.motion,
    reflection: bg.reflective,
  });
  const view = new Ctx(spec.width, spec.height, createRng(spec.seed), "v");
  const overlay = vignette(view, 0.4);
  return `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${spec.width}" height="${spec.height}" viewBox="0 0 ${spec.width} ${spec.height}"><defs>${ctx.defs.join("")}${view.defs.join("")}</defs><g transform="translate(${f(-spec.offsetX)} 0)">${bg.svg}</g>${lines}${car}${overlay}</svg>`;
}

/** Renders a picture to JPEG bytes (what a phone would upload). */
export async function renderPicture(spec: PictureSpec): Promise<Buffer> {
  return sharp(Buffer.from(pictureSvg(spec)))
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A square profile picture: a car's nose on a colourful backdrop. */
export function avatarSvg(look: CarLook, seed: string, size = 512): string {
  const ctx = new Ctx(size, size, createRng(seed));
  const hue = ctx.rng.pick([
    ["#ff7a59", "#ffcf5c"],
    ["#4158d0", "#c850c0"],
    ["#0cebeb", "#29ffc6"],
    ["#f857a6", "#ff5858"],
    ["#43cea2", "#185a9d"],
    ["#fdc830", "#f37335"],
    ["#8e2de2", "#4a00e0"],
  ]);
  let svg = `<rect width="${size}" height="${size}" fill="${ctx.linear(
    [
      [0, hue[0]],
      [1, hue[1]],
    ],
    [0, 0, 1, 1],
  )}"/>`;
  svg += `<circle cx="${size * 0.5}" cy="${size * 0.42}" r="${size * 0.36}" fill="#fff" opacity="0.18"/>`;
  svg += endBody(ctx, look, size / 2, size * 0.84, size * 0.74, "front", { shadow: true });
  return ctx.svg(svg);
}

export async function renderAvatar(look: CarLook, seed: string): Promise<Buffer> {
  return sharp(Buffer.from(avatarSvg(look, seed)))
    .png()
    .toBuffer();
}
