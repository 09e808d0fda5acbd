import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { styleFirst } from '../../../first-paint';

const source = readFileSync(path.resolve(__dirname, '../../../index.html'), 'utf8');

describe("index.html's first paint (issue 30)", () => {
  it('puts the stylesheet, the only render-blocking request, right after <meta charset>', () => {
    const built = source.replace(
      '</head>',
      '  <link rel="stylesheet" crossorigin href="/assets/index-S1.css">\n  </head>',
    );
    const html = styleFirst(built);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head.indexOf('/assets/index-S1.css')).toBeLessThan(head.indexOf('<meta name="viewport"'));
    expect(html.match(/index-S1\.css/g)).toHaveLength(1);
  });

  it('starts the app from a module script, which needs no inline script to run', () => {
    // The inline scripts (theme, early requests, the skeleton's texts) only speed things up: a policy that blocks
    // them (a proxy's own CSP, a stale hash) must not keep the app from starting.
    expect(source).toContain('<script type="module" src="/src/boot.ts"></script>');
    expect(source).not.toMatch(/import\(/);
  });
});
