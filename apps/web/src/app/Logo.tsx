/** The product mark (used when no custom logo is configured). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" style={{ flex: 'none', display: 'block' }}>
      <defs>
        <linearGradient id="venue-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4096ff" />
          <stop offset="1" stopColor="#0958d9" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#venue-logo-g)" />
      <ellipse cx="32" cy="36" rx="20" ry="12" fill="none" stroke="#fff" strokeWidth="4" />
      <path d="M32 24v24M12 36h40" stroke="#fff" strokeWidth="3" strokeLinecap="round" opacity="0.85" />
      <circle cx="32" cy="17" r="6" fill="#ffd666" />
    </svg>
  );
}

/** Custom logo image when configured, else the product mark. */
export function Logo({ src, size = 32 }: { src?: string | null; size?: number }) {
  if (src) return <img src={src} alt="" width={size} height={size} style={{ objectFit: 'contain', flex: 'none' }} />;
  return <LogoMark size={size} />;
}
