// The table of contents' rules are shared with the server's first view (issue 30).
export * from '@driftbox/contract/markdown/toc';
