/**
 * The method and path of the session calls the web's first screen makes (who is signed in, is
 * setup needed), without zod: session.ts declares the actions with these, and the first screen
 * calls them by these (resource-kit/http/actions.ts `callRoute`), typed by the declarations.
 */
export const CURRENT_USER_ROUTE = { method: 'GET', path: '/api/user' } as const;
export const SETUP_STATUS_ROUTE = { method: 'GET', path: '/api/setup' } as const;
