import { Toaster as Sonner } from 'sonner';
import { useTheme } from '../../lib/theme';

export { toast } from 'sonner';

/** Toasts follow the app theme; top-centre keeps them clear of the mobile menu and table actions. */
export function Toaster() {
  const { resolved } = useTheme();
  return <Sonner theme={resolved} position="top-center" richColors closeButton duration={4000} />;
}
