import { PageShell } from '../../components/ui/page-shell.tsx';

interface BlogEntry {
  question: string;
  /** Absent while the team has not written the answer yet. */
  answer?: string[];
}

const entries: BlogEntry[] = [
  {
    question: 'How does React keep the page in step with the data?',
    answer: [
      'A component is a function from data to a description of the screen. When its state or props change, React calls it again and compares the new description with the last one.',
      'Only the differences reach the real DOM, in one batch. That is why the product grid can re-render on every keystroke of a search without the page flickering.',
    ],
  },
  {
    question: 'What is the difference between props and state?',
    answer: [
      'Props come from the parent and are read-only: a product card receives its product and shows it. State belongs to the component and changes over time, such as whether the phone menu is open.',
      'A good rule: keep state as close as possible to where it is used, and derive whatever can be computed from it instead of storing a second copy.',
    ],
  },
  {
    question: 'Why does every item in a list need a key?',
    answer: [
      'Keys tell React which item is which between renders. With a stable key, such as a product id, React moves the existing element when the list is re-sorted instead of rebuilding it.',
      'An array index makes a poor key for a list that can be sorted or filtered: the wrong card keeps the wrong state.',
    ],
  },
  {
    question: 'When are useMemo and useCallback worth it?',
    answer: [
      'When a computation is measurably slow, or when a value is passed to a child that skips re-rendering as long as its props are the same. Elsewhere they add code without making anything faster.',
      'Measure first with the React profiler; most components in a shop like this one are cheap to render.',
    ],
  },
  {
    question: 'How does this shop load and cache its data?',
    answer: [
      'With TanStack Query. Each list and product has a query key; data stays cached for five minutes, so going back to the home page shows it at once while a fresh copy loads in the background.',
      'A failed request is retried three times with growing pauses, and a page that still cannot load says so and offers a button to try again.',
    ],
  },
  {
    question: 'What is the best way to test a component that fetches data?',
  },
];

export default function BlogsPage() {
  return (
    <PageShell
      eyebrow="Blogs"
      title="Questions and answers"
      intro="Notes from the team on the React techniques behind this shop."
      description="Notes from the Joinery team on the React techniques behind the shop."
    >
      <div className="grid gap-6 md:grid-cols-2">
        {entries.map((entry) => (
          <article key={entry.question} className="flex flex-col rounded-xl border border-base-300 bg-base-100 p-6 shadow-sm">
            <h2 className="font-display text-xl font-semibold text-stone-900">{entry.question}</h2>
            {entry.answer ? (
              <div className="mt-3 space-y-3 leading-relaxed text-stone-700">
                {entry.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
              </div>
            ) : (
              <p className="mt-3 flex items-center gap-2 text-stone-600">
                <span className="badge badge-outline badge-warning">Not answered yet</span>
                The team is still writing this one.
              </p>
            )}
          </article>
        ))}
      </div>
    </PageShell>
  );
}
