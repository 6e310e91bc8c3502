// Icons of the habit page only (24px stroke grid, as ui/icons.tsx). Decorative: the control carries the name.
import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 20, children, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

// The arrows point along the reading direction ("back", "previous", "next"): right to left, they turn round.
const directional = "rtl:-scale-x-100";

export const ChevronLeftIcon = (props: IconProps) => (
  <Svg className={directional} {...props}>
    <path d="M15 6l-6 6 6 6" />
  </Svg>
);
export const ChevronRightIcon = (props: IconProps) => (
  <Svg className={directional} {...props}>
    <path d="M9 6l6 6-6 6" />
  </Svg>
);
export const ArrowLeftIcon = (props: IconProps) => (
  <Svg className={directional} {...props}>
    <path d="M19 12H5M11 6l-6 6 6 6" />
  </Svg>
);
export const PencilIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M4 20h4L19 9l-4-4L4 16v4zM13.5 6.5l4 4" />
  </Svg>
);
export const ArchiveIcon = (props: IconProps) => (
  <Svg {...props}>
    <path d="M3 4h18v4H3zM5 8v11a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8M10 12h4" />
  </Svg>
);
