/** The shop's mark: three stacked cartons on a sand-brown tile (same drawing as public/favicon.svg). */
export function LogoMark({ size = 40 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" fill="#5E4526" />
      <g fill="#E4D2B5">
        <rect x="4.5" y="16.5" width="11" height="11" rx="1.5" />
        <rect x="16.5" y="16.5" width="11" height="11" rx="1.5" />
        <rect x="10.5" y="4.5" width="11" height="11" rx="1.5" />
      </g>
      <g fill="#5E4526">
        <rect x="8.75" y="16.5" width="2.5" height="4" />
        <rect x="20.75" y="16.5" width="2.5" height="4" />
        <rect x="14.75" y="4.5" width="2.5" height="4" />
      </g>
    </svg>
  );
}
