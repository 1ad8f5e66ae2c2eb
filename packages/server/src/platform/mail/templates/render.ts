/** Turning a template (a React element) into the HTML and plain-text parts of a message. */
import type { ReactElement } from 'react';
import { render } from '@react-email/components';
import { SETTING } from '@glazier/shared/settings';
import type { Db } from '../../../db/client.ts';
import { readSetting } from '../../settings.ts';

export async function renderMail(element: ReactElement): Promise<{ html: string; text: string }> {
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { html, text };
}

/** The shop's name as Settings has it, for the top of a message ("Glazier" before one is set). */
export async function shopName(db: Db): Promise<string> {
  return (await readSetting(db, SETTING.companyName))?.trim() || 'Glazier';
}
