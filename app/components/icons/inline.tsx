// Icons whose shapes are in the markup itself, for documents that must stand alone: the
// embed, framed by other sites (often in a sandbox), where a reference to the sprite file
// draws nothing. The shapes are the sprite's own (sprite.svg, same names); the stroke
// settings are attributes, so the icon draws right with no stylesheet at all.
import type { ReactNode, SVGProps } from "react";

type InlineIconProps = Omit<SVGProps<SVGSVGElement>, "ref" | "children"> & { size?: number | string };

function inlineIcon(name: string, shapes: ReactNode) {
  function InlineIcon({ size = 24, className, ...rest }: InlineIconProps) {
    const labelled = Object.keys(rest).some((key) => key.startsWith("aria-") || key === "role");
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        className={className ? `icon ${className}` : "icon"}
        aria-hidden={labelled ? undefined : true}
        data-icon={name}
        {...rest}
      >
        {shapes}
      </svg>
    );
  }
  InlineIcon.displayName = name;
  InlineIcon.iconName = name;
  return InlineIcon;
}

export const CarFront = inlineIcon(
  "CarFront",
  <>
    <path d="m21 8-2 2-1.5-3.7A2 2 0 0 0 15.646 5H8.4a2 2 0 0 0-1.903 1.257L5 10 3 8" />
    <path d="M7 14h.01" />
    <path d="M17 14h.01" />
    <rect width="18" height="8" x="3" y="10" rx="2" />
    <path d="M5 18v2" />
    <path d="M19 18v2" />
  </>,
);

export const ExternalLink = inlineIcon(
  "ExternalLink",
  <>
    <path d="M15 3h6v6" />
    <path d="M10 14 21 3" />
    <path d="M18 13v6a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2h6" />
  </>,
);

export const MessageCircle = inlineIcon(
  "MessageCircle",
  <path d="M2.992 16.342a2 2 0 0 1 .094 1.167l-1.065 3.29a1 1 0 0 0 1.236 1.168l3.413-.998a2 2 0 0 1 1.099.092 10 10 0 1 0-4.777-4.719" />,
);

export const Music2 = inlineIcon(
  "Music2",
  <>
    <path d="m19 6-5.2-3.9a.5.5 0 0 0-.8.4V18" />
    <circle cx="9" cy="18" r="4" />
  </>,
);

export const ThumbsDown = inlineIcon(
  "ThumbsDown",
  <>
    <path d="M9 18.12 10 14H4.17a2 2 0 0 1-1.92-2.56l2.33-8A2 2 0 0 1 6.5 2H20a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-2.76a2 2 0 0 0-1.79 1.11L12 22a3.13 3.13 0 0 1-3-3.88Z" />
    <path d="M17 14V2" />
  </>,
);

export const ThumbsUp = inlineIcon(
  "ThumbsUp",
  <>
    <path d="M15 5.88 14 10h5.83a2 2 0 0 1 1.92 2.56l-2.33 8A2 2 0 0 1 17.5 22H4a2 2 0 0 1-2-2v-8a2 2 0 0 1 2-2h2.76a2 2 0 0 0 1.79-1.11L12 2a3.13 3.13 0 0 1 3 3.88Z" />
    <path d="M7 10v12" />
  </>,
);

/** Every inline icon, for the check that their shapes are still the sprite's. */
export const INLINE_ICONS = [CarFront, ExternalLink, MessageCircle, Music2, ThumbsDown, ThumbsUp];
