import { useState } from 'react';
import { CursorPagination, EmptyKeysetPage, type KeysetPlace, newestPage } from '../../../components/ui/cursor-pagination.tsx';
import { EmptyState, ErrorState } from '../../../components/ui/query-states.tsx';
import { StackingCell, StackingRow, StackingTable } from '../../../components/ui/stacking-table.tsx';
import { DashboardPage } from '../../../features/dashboard/components/dashboard-page.tsx';
import { subscribersCsvUrl, useContactMessages, useNewsletterSubscribers } from '../../../features/inbox/api/admin-inbox-queries.ts';
import { dateTime } from '../../../lib/date-format.ts';
import { countOf } from '../../../../common/plurals.ts';

const pageSize = 10;

function ContactMessages() {
  const [place, setPlace] = useState<KeysetPlace>(newestPage);
  const messages = useContactMessages({ limit: pageSize, after: place.after, before: place.before });
  if (messages.isPending) return <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading the messages" />;
  if (messages.isError) return <ErrorState title="We could not load the messages" error={messages.error} onRetry={() => void messages.refetch()} />;
  if (messages.data.items.length === 0) {
    if (place.page === 1) return <EmptyState title="No messages yet">Messages sent with the home page's contact form arrive here.</EmptyState>;
    return <EmptyKeysetPage noun="messages" onNewest={() => setPlace(newestPage)} />;
  }
  return (
    <div className="space-y-6">
      <ul className="space-y-3" aria-label="Contact messages">
        {messages.data.items.map((message) => (
          <li key={message._id}>
            <article aria-label={`Message from ${message.name}`} className="rounded-xl border border-base-300 bg-base-100 p-5">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="min-w-0 font-semibold text-stone-900 [overflow-wrap:anywhere]">{message.name}</h3>
                <time dateTime={message.createdAt} className="text-sm text-stone-600">
                  {dateTime.format(new Date(message.createdAt))}
                </time>
              </div>
              <p className="mt-1 text-sm text-stone-600 [overflow-wrap:anywhere]">
                <a href={`mailto:${message.email}`} className="link link-primary">
                  {message.email}
                </a>
                {message.phone && <> · {message.phone}</>}
              </p>
              <p className="mt-3 whitespace-pre-line text-stone-800 [overflow-wrap:anywhere]">{message.requirement}</p>
            </article>
          </li>
        ))}
      </ul>
      <CursorPagination
        place={place}
        items={messages.data.items}
        pageSize={pageSize}
        pageCount={Math.ceil(messages.data.total / pageSize)}
        onPlace={setPlace}
        label="Message pages"
      />
    </div>
  );
}

/** Subscribers are shown twice as many to a page as messages: a line each. */
const subscribersPerPage = pageSize * 2;

function Subscribers() {
  const [place, setPlace] = useState<KeysetPlace>(newestPage);
  const subscribers = useNewsletterSubscribers({ limit: subscribersPerPage, after: place.after, before: place.before });
  if (subscribers.isPending) return <div className="skeleton h-64 w-full rounded-xl" aria-label="Loading the subscribers" />;
  if (subscribers.isError) return <ErrorState title="We could not load the subscribers" error={subscribers.error} onRetry={() => void subscribers.refetch()} />;
  if (subscribers.data.items.length === 0) {
    if (place.page === 1) return <EmptyState title="No subscribers yet">Addresses from the newsletter box arrive here.</EmptyState>;
    return <EmptyKeysetPage noun="subscribers" onNewest={() => setPlace(newestPage)} />;
  }
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-stone-600">{countOf(subscribers.data.total, 'subscriber')}, newest first.</p>
        <a href={subscribersCsvUrl} download className="btn btn-outline btn-sm">
          Download CSV
        </a>
      </div>
      <StackingTable caption="Newsletter subscribers, newest first" headings={[{ label: 'E-mail' }, { label: 'Subscribed' }]}>
        {subscribers.data.items.map((subscriber) => (
          <StackingRow key={subscriber._id}>
            <StackingCell>
              <span className="text-stone-900 [overflow-wrap:anywhere]">{subscriber.email}</span>
            </StackingCell>
            <StackingCell heading="Subscribed">
              <time dateTime={subscriber.createdAt} className="whitespace-nowrap text-stone-600">
                {dateTime.format(new Date(subscriber.createdAt))}
              </time>
            </StackingCell>
          </StackingRow>
        ))}
      </StackingTable>
      <CursorPagination
        place={place}
        items={subscribers.data.items}
        pageSize={subscribersPerPage}
        pageCount={Math.ceil(subscribers.data.total / subscribersPerPage)}
        onPlace={setPlace}
        label="Subscriber pages"
      />
    </div>
  );
}

const tabs = { messages: 'Contact messages', subscribers: 'Newsletter subscribers' } as const;

export default function MessagesPage() {
  const [tab, setTab] = useState<keyof typeof tabs>('messages');
  return (
    <DashboardPage title="Messages" intro="What visitors send from the home page: contact messages and newsletter sign-ups.">
      <div role="tablist" aria-label="Inbox" className="tabs tabs-box w-fit">
        {(Object.keys(tabs) as (keyof typeof tabs)[]).map((key) => (
          <button key={key} type="button" role="tab" aria-selected={tab === key} className={`tab ${tab === key ? 'tab-active' : 'text-stone-700'}`} onClick={() => setTab(key)}>
            {tabs[key]}
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={tabs[tab]}>
        {tab === 'messages' ? <ContactMessages /> : <Subscribers />}
      </div>
    </DashboardPage>
  );
}
