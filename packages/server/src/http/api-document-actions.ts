/** The handler of `api.openapi` (shared/actions/api-document.ts). */
import type { API_DOCUMENT_ACTIONS } from '@glazier/shared/actions/api-document';
import type { ActionHandlers } from '../engine/action-handler.ts';
import { openApiDocument } from './openapi.ts';

export const apiDocumentHandlers: ActionHandlers<typeof API_DOCUMENT_ACTIONS> = {
  'api.openapi': async () => ({ ...openApiDocument() }),
};
