/**
 * The method and path of the session calls the web's first screen makes (who is signed in, is
 * setup needed), without zod: session.ts declares the actions with these, and the first screen
 * calls them by these (resource-kit/http/actions.ts `callAction<typeof currentUser>`), typed by the
 * declarations. (Not from routes.ts: the first screen would carry every action's route.)
 */
export const CURRENT_USER_ROUTE = { method: 'GET', path: '/api/user' } as const;
export const SETUP_STATUS_ROUTE = { method: 'GET', path: '/api/setup' } as const;
