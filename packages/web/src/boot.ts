// The entry (issue 30): the first styles, then the app after the first frame (lib/boot/after-first-frame.ts).
import './index.css';
// With the page's first styles: the server's first view of an open paste is rendered Markdown.
import './components/markdown/markdown.css';
import { afterFirstFrame, linkFirstPageFiles } from './lib/boot/after-first-frame';

afterFirstFrame(() => {
  linkFirstPageFiles();
  void import('./main');
});
