import type { UrlFetchJobDto } from '@driftbox/contract';
import { useEffect, useRef } from 'react';
import { isApiError } from '../../../lib/api/api-error';
import { getUrlFetch } from '../api/url-fetch';

const POLL_MS = 1000;

/** The longest wait between polls while the server cannot be reached. */
const MAX_BACKOFF_MS = 10_000;

export interface UrlJobPollEvents {
  /** The server's view of the job, after each successful poll. */
  onJob: (job: UrlFetchJobDto) => void;
  /** Whether the server could not be asked for the progress (the fetch goes on there). */
  onLost: (lost: boolean) => void;
  /** The job is gone (the server forgot it, or it is not this user's): no answer will come. */
  onGone: (error: unknown) => void;
}

/**
 * Follows a URL fetch job on the server until it ends (spec §9: 0–49 % fetching, 50–99 % storing, 100
 * done). A poll that fails (a network blip, a restart) is tried again, less often, until the job answers.
 * `jobId` null stops polling.
 */
export function useUrlJobPoll(jobId: string | null, events: UrlJobPollEvents): void {
  const eventsRef = useRef(events);
  useEffect(() => {
    eventsRef.current = events;
  });

  useEffect(() => {
    if (!jobId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout>;
    let failures = 0;
    const poll = async () => {
      try {
        const next = await getUrlFetch(jobId, controller.signal);
        failures = 0;
        eventsRef.current.onLost(false);
        eventsRef.current.onJob(next);
        if (next.status === 'running') timer = setTimeout(() => void poll(), POLL_MS);
      } catch (err) {
        if (controller.signal.aborted) return;
        if (isApiError(err) && err.status === 404) return eventsRef.current.onGone(err);
        failures += 1;
        eventsRef.current.onLost(true);
        timer = setTimeout(() => void poll(), Math.min(POLL_MS * 2 ** failures, MAX_BACKOFF_MS));
      }
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [jobId]);
}
