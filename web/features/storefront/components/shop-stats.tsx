const stats = [
  { figure: '100+', label: 'product range', detail: 'Chisels, planes, saws, gauges and the spares to keep them working.' },
  { figure: '9000+', label: 'satisfied customers', detail: 'Hobbyists, schools and professional joiners in every state.' },
  { figure: '400+', label: 'happy employees', detail: 'Forging, grinding, woodturning and sharpening under one roof.' },
];

/** The shop in three figures. */
export function ShopStats() {
  return (
    <section aria-labelledby="stats-heading" className="bg-stone-900 py-16 text-stone-100">
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <h2 id="stats-heading" className="sr-only">
          Joinery in figures
        </h2>
        <ul className="grid gap-6 sm:grid-cols-3">
          {stats.map((stat) => (
            <li key={stat.label} className="rounded-xl border border-stone-700 bg-stone-800/60 p-6">
              <p className="font-display text-5xl font-semibold text-amber-400">{stat.figure}</p>
              <p className="mt-2 text-lg font-semibold capitalize">{stat.label}</p>
              <p className="mt-2 text-sm leading-relaxed text-stone-300">{stat.detail}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
