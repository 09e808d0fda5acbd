import { Spinner } from '../components/ui/spinner';

/** The first paint while a lazy page loads: the theme's background and a quiet spinner. */
export function PageLoading() {
  return (
    <div className="flex min-h-dvh items-center justify-center text-fg-subtle">
      <Spinner className="size-6" />
    </div>
  );
}
