// A decorative rev counter for the home hero: ticks 0-8, a redline, a needle near it.
const CX = 200;
const CY = 200;
const START = 225; // degrees, counter-clockwise from 3 o'clock
const SWEEP = 270;
const MAX = 8;

function point(angle: number, radius: number) {
  const rad = (angle * Math.PI) / 180;
  return { x: +(CX + radius * Math.cos(rad)).toFixed(2), y: +(CY - radius * Math.sin(rad)).toFixed(2) };
}

function angleFor(value: number) {
  return START - (SWEEP * value) / MAX;
}

function arc(from: number, to: number, radius: number) {
  const a = point(angleFor(from), radius);
  const b = point(angleFor(to), radius);
  const large = (SWEEP * (to - from)) / MAX > 180 ? 1 : 0;
  return `M${a.x} ${a.y}A${radius} ${radius} 0 ${large} 1 ${b.x} ${b.y}`;
}

export function Tachometer({ className }: { className?: string }) {
  const ticks = [];
  for (let i = 0; i <= MAX * 4; i += 1) {
    const value = i / 4;
    const major = i % 4 === 0;
    const outer = point(angleFor(value), 168);
    const inner = point(angleFor(value), major ? 144 : 156);
    ticks.push(
      <line
        key={i}
        x1={outer.x}
        y1={outer.y}
        x2={inner.x}
        y2={inner.y}
        className={value >= 6.5 ? "tach__tick tach__tick--red" : "tach__tick"}
        strokeWidth={major ? 4 : 2}
      />,
    );
  }
  const labels = Array.from({ length: MAX + 1 }, (_, value) => {
    const at = point(angleFor(value), 120);
    return (
      <text key={value} x={at.x} y={at.y + 7} className={value >= 7 ? "tach__label tach__label--red" : "tach__label"}>
        {value}
      </text>
    );
  });
  const needleTip = point(angleFor(6.3), 150);
  return (
    <svg className={["tach", className].filter(Boolean).join(" ")} viewBox="0 0 400 360" aria-hidden focusable="false">
      <defs>
        <radialGradient id="tach-glow" cx="50%" cy="55%" r="50%">
          <stop offset="0" stopColor="var(--accent-500)" stopOpacity="0.35" />
          <stop offset="1" stopColor="var(--accent-500)" stopOpacity="0" />
        </radialGradient>
      </defs>
      <circle cx={CX} cy={CY} r="158" fill="url(#tach-glow)" />
      <path d={arc(0, MAX, 176)} className="tach__rim" />
      <path d={arc(6.5, MAX, 176)} className="tach__redline" />
      {ticks}
      {labels}
      <text x={CX} y={CY + 70} className="tach__unit">
        x1000 r/min
      </text>
      <line x1={CX} y1={CY} x2={needleTip.x} y2={needleTip.y} className="tach__needle" />
      <circle cx={CX} cy={CY} r="14" className="tach__hub" />
      <circle cx={CX} cy={CY} r="5" className="tach__hub-dot" />
    </svg>
  );
}
