import { PageShell } from '../../components/ui/page-shell.tsx';

const developer = {
  name: 'Alex Morgan',
  role: 'Full-stack developer',
  email: 'alex.morgan@joinery.example',
  location: 'Portland, Oregon',
  summary: 'Builds and looks after the Joinery web shop: the catalogue, checkout and the tools the workshop uses to run it.',
  skills: ['TypeScript', 'React', 'Node.js', 'Fastify', 'PostgreSQL', 'SQLite', 'Tailwind CSS', 'Playwright', 'Accessibility', 'Web performance'],
  education: [
    { title: 'B.Sc. Computer Science', place: 'Oregon State University', years: '2014 – 2018' },
    { title: 'Furniture making evening course', place: 'Portland Community College', years: '2019' },
  ],
  projects: [
    { name: 'Joinery web shop', text: 'This shop: catalogue, accounts, card payment and the admin dashboard, on SQLite or PostgreSQL.' },
    { name: 'Workshop stock tracker', text: 'A small tool for counting blanks, handles and finished tools across the forge and the finishing room.' },
    { name: 'Sharpening angle calculator', text: 'A phone-friendly page that works out honing-guide settings for any blade length and angle.' },
  ],
};

export default function PortfolioPage() {
  return (
    <PageShell eyebrow="Portfolio" title="The developer behind the shop" description="Who built the Joinery shop, and with what.">
      <article className="overflow-hidden rounded-2xl border border-base-300 bg-base-100 shadow-sm">
        <header className="flex flex-col gap-5 bg-stone-900 p-8 text-stone-100 sm:flex-row sm:items-center">
          <span aria-hidden="true" className="flex h-20 w-20 shrink-0 items-center justify-center rounded-full bg-amber-700 font-display text-3xl font-semibold">
            AM
          </span>
          <div>
            <h2 className="font-display text-3xl font-semibold">{developer.name}</h2>
            <p className="text-amber-400">{developer.role}</p>
            <p className="mt-2 max-w-2xl text-sm leading-relaxed text-stone-300">{developer.summary}</p>
          </div>
        </header>
        <div className="grid gap-8 p-8 md:grid-cols-3">
          <section aria-labelledby="cv-contact">
            <h3 id="cv-contact" className="text-xs font-semibold uppercase tracking-widest text-primary">
              Contact
            </h3>
            <dl className="mt-3 space-y-2 text-sm">
              <div>
                <dt className="text-stone-600">E-mail</dt>
                <dd>
                  <a className="link" href={`mailto:${developer.email}`}>
                    {developer.email}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="text-stone-600">Location</dt>
                <dd>{developer.location}</dd>
              </div>
            </dl>
            <h3 className="mt-8 text-xs font-semibold uppercase tracking-widest text-primary">Skills</h3>
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Skills">
              {developer.skills.map((skill) => (
                <li key={skill} className="badge badge-outline">
                  {skill}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="cv-education">
            <h3 id="cv-education" className="text-xs font-semibold uppercase tracking-widest text-primary">
              Education
            </h3>
            <ul className="mt-3 space-y-4">
              {developer.education.map((item) => (
                <li key={item.title}>
                  <p className="font-semibold text-stone-900">{item.title}</p>
                  <p className="text-sm text-stone-600">
                    {item.place}, {item.years}
                  </p>
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="cv-projects">
            <h3 id="cv-projects" className="text-xs font-semibold uppercase tracking-widest text-primary">
              Projects
            </h3>
            <ul className="mt-3 space-y-4">
              {developer.projects.map((project) => (
                <li key={project.name}>
                  <p className="font-semibold text-stone-900">{project.name}</p>
                  <p className="text-sm leading-relaxed text-stone-600">{project.text}</p>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </article>
    </PageShell>
  );
}
