import DOMPurify from 'dompurify';

/**
 * Rendered Markdown passes through its own DOMPurify instance (the second line of defence after
 * markdown-it's `html: false`): scripts, event handlers and javascript: URLs go, KaTeX's HTML and
 * MathML and task-list checkboxes stay. Tags that could load or run anything are refused outright.
 */
const purifier = DOMPurify();

const FORBID_TAGS = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'form',
  'base',
  'link',
  'meta',
  'template',
];

// Every link that opens a new tab must not hand the opener to the other page.
purifier.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('target')) node.setAttribute('rel', 'noopener noreferrer');
  // Task-list checkboxes are display-only.
  if (node.tagName === 'INPUT') node.setAttribute('disabled', '');
});

/** Sanitises the HTML of a rendered Markdown document. */
export function sanitizeHtml(html: string): string {
  return purifier.sanitize(html, {
    ADD_ATTR: ['target'],
    FORBID_TAGS,
    FORBID_ATTR: ['srcdoc', 'formaction', 'xlink:href'],
  });
}

/**
 * Sanitises a Mermaid diagram: SVG with the HTML that Mermaid puts in <foreignObject> labels.
 * Mermaid's strict security level already escapes labels; this is the belt to its braces.
 */
export function sanitizeSvg(svg: string): string {
  return purifier.sanitize(svg, {
    USE_PROFILES: { svg: true, svgFilters: true, html: true },
    ADD_TAGS: ['foreignObject'],
    HTML_INTEGRATION_POINTS: { foreignobject: true },
    FORBID_TAGS: FORBID_TAGS.filter((tag) => tag !== 'style'),
  });
}
