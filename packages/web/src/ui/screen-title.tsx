/**
 * The one way a screen names itself: its `h1` (drawn at h2 size) and the document title
 * ("Clients · Glazier"), set together so no screen has one without the other.
 *
 *   <ScreenTitle>Clients</ScreenTitle>
 *   <ScreenTitle documentTitle="Home">Hello, Ada</ScreenTitle>
 */
import { Title, type TitleProps } from '@mantine/core';
import { useEffect } from 'react';

export const APP_NAME = 'Glazier';

/** Sets the document title to "`title` · Glazier" while the calling screen is shown. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}

interface ScreenTitleProps extends Omit<TitleProps, 'order' | 'children'> {
  children: string | (string | number | undefined)[];
  /** The document title when it should differ from the heading (a greeting, a record's name). */
  documentTitle?: string;
}

export function ScreenTitle({ children, documentTitle, size = 'h2', ...rest }: ScreenTitleProps) {
  const text = Array.isArray(children) ? children.join('') : children;
  useDocumentTitle(documentTitle ?? text);
  return (
    <Title order={1} size={size} {...rest}>
      {text}
    </Title>
  );
}
