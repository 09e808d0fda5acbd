/**
 * The site settings' defaults (group 4), free of zod: every page reads them before its first answer, and the web
 * app's first page does not load zod (issue 30). The catalogue takes them from here (settings-catalogue.ts), so
 * they are still defined once.
 */
export const SITE_DEFAULTS = {
  site_title: 'Driftbox',
  site_favicon_url: '',
  site_announcement_enabled: 'false',
  site_announcement_content: '',
  site_footer_markdown: '© 2026 Driftbox',
  site_custom_head: '',
  site_custom_body: '',
} as const;
