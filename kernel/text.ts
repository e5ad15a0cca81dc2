/**
 * Text as PostgreSQL can store it: no NUL characters (text and jsonb refuse them) and no lone
 * UTF-16 surrogates (jsonb refuses their escapes; UTF-8 has no encoding for them), which become
 * U+FFFD. For fields a device reports, where refusing the whole report would lose the rest of it.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
export const storableText = (value: string) => value.replaceAll('\u0000', '').replace(LONE_SURROGATE, '\uFFFD');
