// One icon: an <svg> that draws a symbol of the sprite (sprite.svg, written by
// scripts/build-icons.ts). The stroke settings come from the `.icon` rule in app.css and
// reach the symbol's shapes through inheritance; CSS `color`/`fill` rules of components and
// the `fill`, `color` and `strokeWidth` props (set as inline style) change them.
import { forwardRef, type SVGProps } from "react";
import spriteUrl from "./sprite.svg?url";

export type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  size?: number | string;
  color?: string;
};

export type IconComponent = ReturnType<typeof icon>;

/** Decorative unless given a name (aria-label, aria-labelledby, role or title). */
function isLabelled(props: IconProps): boolean {
  return Object.keys(props).some((key) => key.startsWith("aria-") || key === "role" || key === "title");
}

export function icon(name: string) {
  const href = `${spriteUrl}#${name}`;
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon({ size = 24, color, strokeWidth, fill, style, className, children, ...rest }, ref) {
    const custom = color !== undefined || strokeWidth !== undefined || fill !== undefined;
    return (
      <svg
        ref={ref}
        width={size}
        height={size}
        viewBox="0 0 24 24"
        style={custom ? { stroke: color, strokeWidth, fill, ...style } : style}
        className={className ? `icon ${className}` : "icon"}
        aria-hidden={isLabelled(rest) ? undefined : true}
        {...rest}
      >
        {children}
        <use href={href} />
      </svg>
    );
  });
  Icon.displayName = name;
  return Icon;
}
