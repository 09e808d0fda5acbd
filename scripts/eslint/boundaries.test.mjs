// The boundary rule fails on deliberate violations and lets the allowed imports through.
import { RuleTester } from 'eslint';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import plugin from './boundaries.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const web = (path) => join(root, 'packages/web/src', path);
const server = (path) => join(root, 'packages/server/src', path);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, sourceType: 'module' } });

tester.run('driftbox/boundaries', plugin.rules.boundaries, {
  valid: [
    { filename: web('features/paste-view/components/page.tsx'), code: "import { x } from '../lib/thing';" },
    {
      filename: web('features/paste-view/components/page.tsx'),
      code: "import { Button } from '../../../components/ui/button';",
    },
    { filename: web('app/router.tsx'), code: "const p = import('../features/admin-files/components/page');" },
    { filename: web('lib/format.ts'), code: "import { cn } from './cn';" },
    { filename: server('modules/pastes/pastes.service.ts'), code: "import { x } from './pastes.repository.js';" },
    {
      filename: server('modules/dashboard/dashboard.service.ts'),
      code: "import type { SettingsService } from '../settings/settings.service.js';",
    },
    {
      filename: server('modules/url-upload/url-upload.module.ts'),
      code: "import type { FileServices } from '../files/files.module.js';",
    },
  ],
  invalid: [
    {
      filename: web('features/paste-view/components/page.tsx'),
      code: "import { useThing } from '../../paste-editor/hooks/use-thing';",
      errors: [{ message: /web feature 'paste-view' imports feature 'paste-editor'/ }],
    },
    {
      filename: web('components/ui/button.tsx'),
      code: "export { x } from '../../features/auth/lib/x';",
      errors: [{ message: /web components\/ imports features\// }],
    },
    {
      filename: web('lib/format.ts'),
      code: "const m = import('../app/router');",
      errors: [{ message: /web lib\/ imports app\// }],
    },
    {
      filename: server('modules/url-upload/url-fetch.service.ts'),
      code: "import type { FileRow } from '../files/files.repository.js';",
      errors: [{ message: /imports the repository of module 'files'/ }],
    },
    {
      filename: server('modules/dashboard/dashboard.service.ts'),
      code: "import { x } from '../settings/settings.repository.js';",
      errors: [{ message: /imports the repository of module 'settings'/ }],
    },
    {
      filename: server('modules/url-upload/url-upload.service.ts'),
      code: "import { fileStorage } from '../files/files.storage.js';",
      errors: [{ message: /import only its entrance files.module.ts/ }],
    },
  ],
});
