import { KeyRound, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Tabs } from '../../../components/ui/tabs';
import { ApiKeyLoginForm } from './api-key-login-form';
import { PasswordLoginForm } from './password-login-form';

type LoginTab = 'password' | 'apikey';

/** Shown in place of any /admin page while nobody is signed in (spec §5: no redirect). */
export function LoginPage() {
  const { t } = useTranslation();
  const [tab, setTab] = useState<LoginTab>('password');
  // The first field takes focus when the page opens, never when a tab is chosen: arrow keys on the tabs
  // must leave focus on the tabs (the WAI-ARIA tabs pattern).
  const [chosen, setChosen] = useState(false);
  return (
    <div className="flex justify-center px-4 py-10 sm:py-16">
      <Card className="w-full max-w-md p-6 sm:p-8">
        <div className="mb-6 text-center">
          <img src="/favicon.svg" alt="" className="mx-auto mb-4 size-12" />
          <h1 className="text-xl font-semibold tracking-tight text-fg">{t('auth.login.title')}</h1>
          <p className="mt-1 text-sm text-fg-muted">{t('auth.login.subtitle')}</p>
        </div>
        <Tabs
          label={t('auth.login.method')}
          value={tab}
          onValueChange={(next) => {
            setTab(next);
            setChosen(true);
          }}
          items={[
            {
              value: 'password',
              label: t('auth.login.tabPassword'),
              icon: <UserRound />,
              content: <PasswordLoginForm autoFocus={!chosen} />,
            },
            {
              value: 'apikey',
              label: t('auth.login.tabApiKey'),
              icon: <KeyRound />,
              content: <ApiKeyLoginForm autoFocus={!chosen} />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
