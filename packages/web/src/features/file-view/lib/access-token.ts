import { accessTokenStore } from '../../../lib/share-access-token';

/**
 * File access tokens, kept for the browser: a reload, a second tab or the link opened again within the
 * token's hour neither asks again nor counts a view.
 */
export const fileTokens = accessTokenStore('file', 'browser');
