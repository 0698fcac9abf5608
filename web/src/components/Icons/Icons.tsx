import type { SVGProps } from "react";

// Small inline icons (decorative: aria-hidden; the control that holds one carries the label).
type IconProps = SVGProps<SVGSVGElement> & { size?: number };

function Svg({ size = 16, children, ...rest }: IconProps) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2}
      strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false" {...rest}>
      {children}
    </svg>
  );
}

export const CrownIcon = (p: IconProps) => (
  <Svg {...p}><path d="M3 7l4.5 4L12 4l4.5 7L21 7l-2 12H5L3 7z" fill="currentColor" stroke="none" /></Svg>
);
export const PlayIcon = (p: IconProps) => (<Svg {...p}><path d="M7 4l13 8-13 8V4z" fill="currentColor" stroke="none" /></Svg>);
export const PauseIcon = (p: IconProps) => (<Svg {...p}><path d="M7 4h3v16H7zM14 4h3v16h-3z" fill="currentColor" stroke="none" /></Svg>);
export const VolumeIcon = (p: IconProps) => (<Svg {...p}><path d="M4 9h4l5-4v14l-5-4H4z" /><path d="M16 9a4 4 0 010 6M18.5 6.5a8 8 0 010 11" /></Svg>);
export const MutedIcon = (p: IconProps) => (<Svg {...p}><path d="M4 9h4l5-4v14l-5-4H4z" /><path d="M17 9l5 6M22 9l-5 6" /></Svg>);
export const SunIcon = (p: IconProps) => (<Svg {...p}><circle cx="12" cy="12" r="4" /><path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" /></Svg>);
export const MoonIcon = (p: IconProps) => (<Svg {...p}><path d="M21 12.8A9 9 0 1111.2 3a7 7 0 009.8 9.8z" /></Svg>);
export const MonitorIcon = (p: IconProps) => (<Svg {...p}><rect x="3" y="4" width="18" height="12" rx="2" /><path d="M8 20h8M12 16v4" /></Svg>);
export const BellIcon = (p: IconProps) => (<Svg {...p}><path d="M6 8a6 6 0 0112 0c0 7 3 9 3 9H3s3-2 3-9" /><path d="M10.3 21a1.94 1.94 0 003.4 0" /></Svg>);
export const MailIcon = (p: IconProps) => (<Svg {...p}><rect x="3" y="5" width="18" height="14" rx="2" /><path d="M3 7l9 6 9-6" /></Svg>);
export const PhoneIcon = (p: IconProps) => (<Svg {...p}><path d="M5 4h4l2 5-2.5 1.5a11 11 0 005 5L15 13l5 2v4a2 2 0 01-2 2A16 16 0 013 6a2 2 0 012-2z" /></Svg>);
export const ClockIcon = (p: IconProps) => (<Svg {...p}><circle cx="12" cy="12" r="9" /><path d="M12 7v5l3 2" /></Svg>);
export const CalendarIcon = (p: IconProps) => (<Svg {...p}><rect x="3" y="5" width="18" height="16" rx="2" /><path d="M16 3v4M8 3v4M3 10h18" /></Svg>);
export const PlusIcon = (p: IconProps) => (<Svg {...p}><path d="M12 5v14M5 12h14" /></Svg>);
export const CheckIcon = (p: IconProps) => (<Svg {...p}><path d="M5 12l5 5L20 7" /></Svg>);
export const LockIcon = (p: IconProps) => (<Svg {...p}><rect x="4" y="11" width="16" height="10" rx="2" /><path d="M8 11V7a4 4 0 018 0v4" /></Svg>);
export const ChartIcon = (p: IconProps) => (<Svg {...p}><path d="M3 3v18h18" /><path d="M7 15l4-4 3 3 6-7" /></Svg>);
export const ShieldIcon = (p: IconProps) => (<Svg {...p}><path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" /></Svg>);
export const EyeIcon = (p: IconProps) => (<Svg {...p}><path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" /><circle cx="12" cy="12" r="3" /></Svg>);
export const ScaleIcon = (p: IconProps) => (<Svg {...p}><path d="M12 3v18M5 7h14M5 7l-3 7h6zM19 7l-3 7h6z" /></Svg>);
export const NewsIcon = (p: IconProps) => (<Svg {...p}><rect x="3" y="4" width="15" height="16" rx="2" /><path d="M18 8h3v10a2 2 0 01-2 2M7 8h7M7 12h7M7 16h4" /></Svg>);
export const SparkIcon = (p: IconProps) => (<Svg {...p}><path d="M12 3l2 6 6 2-6 2-2 6-2-6-6-2 6-2z" /></Svg>);
export const XSocialIcon = (p: IconProps) => (<Svg {...p}><path d="M4 4l16 16M20 4L4 20" /></Svg>);
export const LinkedInIcon = (p: IconProps) => (<Svg {...p}><rect x="3" y="3" width="18" height="18" rx="3" /><path d="M8 10v7M8 7v.01M12 17v-4a2 2 0 014 0v4M12 10v7" /></Svg>);
export const YouTubeIcon = (p: IconProps) => (<Svg {...p}><rect x="2" y="5" width="20" height="14" rx="4" /><path d="M10 9l5 3-5 3z" fill="currentColor" /></Svg>);

// Account area: menu, API keys, copy.
export const UserIcon = (p: IconProps) => (<Svg {...p}><circle cx="12" cy="8" r="4" /><path d="M4 21a8 8 0 0116 0" /></Svg>);
export const KeyIcon = (p: IconProps) => (<Svg {...p}><circle cx="8" cy="15" r="4" /><path d="M11 12l9-9M17 6l3 3M15 8l2 2" /></Svg>);
export const CopyIcon = (p: IconProps) => (<Svg {...p}><rect x="9" y="9" width="12" height="12" rx="2" /><path d="M5 15H4a1 1 0 01-1-1V4a1 1 0 011-1h10a1 1 0 011 1v1" /></Svg>);
export const SignOutIcon = (p: IconProps) => (<Svg {...p}><path d="M15 4h4a1 1 0 011 1v14a1 1 0 01-1 1h-4M10 17l5-5-5-5M15 12H3" /></Svg>);
export const SettingsIcon = (p: IconProps) => (<Svg {...p}><circle cx="12" cy="12" r="3" /><path d="M12 2v3M12 19v3M4.2 4.2l2.1 2.1M17.7 17.7l2.1 2.1M2 12h3M19 12h3M4.2 19.8l2.1-2.1M17.7 6.3l2.1-2.1" /></Svg>);
export const TerminalIcon = (p: IconProps) => (<Svg {...p}><rect x="3" y="4" width="18" height="16" rx="2" /><path d="M7 9l3 3-3 3M13 15h4" /></Svg>);
