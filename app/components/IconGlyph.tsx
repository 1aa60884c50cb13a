import type { Icon } from "#core/contract/standings";

// Drawn, not emoji: an old phone or an office TV may have no emoji font and show empty boxes.
const PATHS: Record<Icon, JSX.Element> = {
  burro: (
    <>
      <path d="M5 1l2 6M11 1L9 7" strokeWidth="1.6" />
      <ellipse cx="8" cy="10.5" rx="3.6" ry="4.3" />
      <circle cx="6.6" cy="9.5" r=".6" fill="currentColor" stroke="none" />
      <circle cx="9.4" cy="9.5" r=".6" fill="currentColor" stroke="none" />
    </>
  ),
  pina: (
    <>
      <path d="M8 5L6 1M8 5V.5M8 5l2-4" />
      <ellipse cx="8" cy="10" rx="4" ry="5" />
      <path d="M5 7.5l6 5M11 7.5l-6 5" strokeWidth=".9" />
    </>
  ),
  bola: (
    <>
      <circle cx="8" cy="7" r="5" />
      <path d="M4.5 14.5h7M6 12l-1 2.5M10 12l1 2.5" />
      <path d="M6 5a2.5 2.5 0 0 1 2-1.5" strokeWidth="1.2" />
    </>
  ),
  rinoceronte: (
    <>
      <path d="M1.5 11c0-3 2.5-5.5 6-5.5h3c2 0 3.5 1.5 3.5 3.5v2.5H1.5z" />
      <path d="M12.5 6.5L15 2.5l-.5 5" />
      <circle cx="10" cy="8.3" r=".6" fill="currentColor" stroke="none" />
      <path d="M3.5 11v3M11.5 11v3" />
    </>
  ),
};

export function IconGlyph({ icon }: { icon: Icon }) {
  return (
    <svg
      className="icon-glyph"
      viewBox="0 0 16 16"
      width="16"
      height="16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {PATHS[icon]}
    </svg>
  );
}
