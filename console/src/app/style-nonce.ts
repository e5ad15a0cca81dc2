import { setNonce } from 'get-nonce';

/**
 * The nonce the server put in this page's Content-Security-Policy (Vite's `html.cspNonce` meta tag).
 * Style elements that the component library and its scroll lock add must carry it.
 */
export const styleNonce = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.nonce ?? '';
setNonce(styleNonce);
