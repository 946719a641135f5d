/**
 * What stands in for a page while its code arrives on the first visit (React Router's HydrateFallback):
 * the header and footer are already there, and the space keeps the footer from jumping up and back.
 */
export function PageLoading() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center" role="status">
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">Loading the page…</span>
    </div>
  );
}
