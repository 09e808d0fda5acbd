import { InstallPrompt } from './install-prompt';
import { StaleNotice } from './stale-notice';
import { UpdatePrompt } from './update-prompt';
import { useConnectivity } from './use-connectivity';

/** The installable app's parts that sit above every page: prompts, the stale notice, connectivity effects. */
export function PwaLayer() {
  useConnectivity();
  return (
    <>
      <StaleNotice />
      <UpdatePrompt />
      <InstallPrompt />
    </>
  );
}
