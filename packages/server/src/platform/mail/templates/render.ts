/** Turning a template (a React element) into the HTML and plain-text parts of a message. */
import type { ReactElement } from 'react';
import { render } from '@react-email/components';
export { shopName } from '../../settings.ts';

export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}
