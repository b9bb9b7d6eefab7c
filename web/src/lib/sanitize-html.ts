import DOMPurify from 'dompurify';

/**
 * HTML from the API made safe to render. The server sanitises descriptions on write too; this is
 * the second lock, so that nothing stored before (or around) it can run script in a staff browser.
 */
export function sanitizeHtml(html: string | null | undefined): string {
  if (!html) return '';
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, ADD_ATTR: ['target', 'rel'] });
}
