import { accessTokenStore } from '../../../lib/share-access-token';

/** File access tokens per tab: a reload within the token's hour neither asks again nor counts a view. */
export const fileTokens = accessTokenStore('file');
