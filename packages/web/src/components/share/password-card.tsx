import { LockKeyhole } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Button } from '../ui/button';
import { Card } from '../ui/card';
import { Field, FormError } from '../ui/field';
import { Input } from '../ui/input';

export interface PasswordCardProps {
  title: string;
  description: string;
  /** The share's remark, shown so visitors know what they are unlocking. */
  remark?: string | null;
  label: string;
  submitLabel: string;
  /** Shown when the form is sent empty. */
  requiredMessage: string;
  pending: boolean;
  fieldError?: string;
  formError?: string;
  onSubmit: (password: string) => void;
}

/** The password form of a protected share (paste or file); the caller runs the check and maps its errors. */
export function PasswordCard({
  title,
  description,
  remark,
  label,
  submitLabel,
  requiredMessage,
  pending,
  fieldError,
  formError,
  onSubmit,
}: PasswordCardProps) {
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    setMissing(!password);
    if (password) onSubmit(password);
  }

  return (
    <Card className="mx-auto max-w-md px-6 py-8 sm:px-8">
      <div className="mx-auto mb-4 flex size-12 items-center justify-center rounded-2xl bg-accent-soft text-accent-text">
        <LockKeyhole className="size-6" aria-hidden="true" />
      </div>
      <h1 className="text-center text-lg font-semibold text-fg">{title}</h1>
      <p className="mt-1 text-center text-sm text-fg-muted">{description}</p>
      {remark ? (
        <p className="mt-3 rounded-lg bg-subtle px-3 py-2 text-center text-sm break-words text-fg-muted">{remark}</p>
      ) : null}
      <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
        <Field label={label} error={missing ? requiredMessage : fieldError}>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="off"
              autoFocus
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          )}
        </Field>
        <FormError message={formError} />
        <Button type="submit" loading={pending} className="w-full">
          {submitLabel}
        </Button>
      </form>
    </Card>
  );
}
