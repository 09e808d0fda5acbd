import { LogIn, ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { buttonClasses } from '../ui/button';

export interface SignInNoticeProps {
  /** Referenced by the controls the notice explains (aria-describedby). */
  id: string;
  title: string;
  description: string;
  /** The label of the link to the sign-in form. */
  login: string;
}

/**
 * Spec §6: sharing needs the admin or a key with the right permission. A page that cannot share for
 * this visitor says why and links to the sign-in form (the admin area shows it in place).
 */
export function SignInNotice({ id, title, description, login }: SignInNoticeProps) {
  return (
    <div
      id={id}
      role="note"
      className="flex flex-col gap-3 rounded-xl border border-warning-text/20 bg-warning-soft p-4 text-sm text-warning-text sm:flex-row sm:items-center"
    >
      <ShieldAlert className="size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">{title}</p>
        <p className="mt-0.5">{description}</p>
      </div>
      <Link to="/admin" className={buttonClasses('outline', 'sm', 'self-start sm:self-center')}>
        <LogIn />
        {login}
      </Link>
    </div>
  );
}
