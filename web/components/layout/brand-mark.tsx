import { Link } from 'react-router';

/** The Joinery logo: a square-and-chisel mark and the name. */
export function BrandMark({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  return (
    <Link to="/" className="flex items-center gap-2.5" aria-label="Joinery home">
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill={tone === 'light' ? '#fafaf9' : '#1c1917'} />
        <path d="M9 8h9v4h-5v9a5 5 0 0 1-5 5H7v-4h1a1 1 0 0 0 1-1z" fill="#d97706" />
        <path d="M20 8h5v4h-5z" fill={tone === 'light' ? '#1c1917' : '#fafaf9'} />
      </svg>
      <span className={`font-display text-xl font-semibold tracking-tight ${tone === 'light' ? 'text-stone-50' : 'text-stone-900'}`}>Joinery</span>
    </Link>
  );
}
