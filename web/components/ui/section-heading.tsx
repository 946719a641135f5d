/** The eyebrow and title that open a section of a page; `id` names the section for screen readers. */
export function SectionHeading({ id, eyebrow, title, tone = 'light' }: { id: string; eyebrow: string; title: string; tone?: 'light' | 'dark' }) {
  return (
    <div className="mb-10 max-w-2xl">
      <p className={`text-xs font-semibold uppercase tracking-widest ${tone === 'dark' ? 'text-amber-400' : 'text-primary'}`}>{eyebrow}</p>
      <h2 id={id} className={`font-display mt-2 text-3xl font-semibold tracking-tight ${tone === 'dark' ? 'text-stone-50' : 'text-stone-900'}`}>
        {title}
      </h2>
    </div>
  );
}
