/**
 * The PDF standard fonts the Sunbiz document uses. The Lambda bundle keeps the metrics of these
 * fonts only (infra/lambda-bundle.ts): pdf-lib ships all fourteen, about 90 KB more per bundle.
 * Values are pdf-lib's StandardFonts names.
 */
export const SUNBIZ_FONTS = { regular: 'Helvetica', bold: 'Helvetica-Bold' } as const;
