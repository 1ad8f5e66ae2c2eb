/**
 * The Mantine styles the first screens (welcome, dashboard, the shell, the busy overlay) need,
 * component by component, so the render-blocking stylesheet stays small. Everything else
 * (`all-styles.ts`) loads when a screen, dialog or notification needs it, or at the person's
 * first touch or key (root-layout.tsx), never during the first screen's load. Both are the
 * `@layer mantine` builds, so the order they arrive in does not matter and app.css and CSS
 * modules (unlayered) always win over them.
 *
 * A component added to a first screen needs its file here; otherwise it looks unstyled for a
 * moment on a cold load.
 */
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import '@mantine/core/styles/UnstyledButton.layer.css';
import '@mantine/core/styles/VisuallyHidden.layer.css';
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Text.layer.css';
import '@mantine/core/styles/Title.layer.css';
import '@mantine/core/styles/Group.layer.css';
import '@mantine/core/styles/Stack.layer.css';
import '@mantine/core/styles/Center.layer.css';
import '@mantine/core/styles/Container.layer.css';
import '@mantine/core/styles/Loader.layer.css';
import '@mantine/core/styles/Overlay.layer.css';
import '@mantine/core/styles/CloseButton.layer.css';
import '@mantine/core/styles/Button.layer.css';
import '@mantine/core/styles/ActionIcon.layer.css';
import '@mantine/core/styles/Burger.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Card.layer.css';
import '@mantine/core/styles/ThemeIcon.layer.css';
import '@mantine/core/styles/Alert.layer.css';
import '@mantine/core/styles/List.layer.css';
import '@mantine/core/styles/NavLink.layer.css';
import '@mantine/core/styles/AppShell.layer.css';

let allStyles: Promise<unknown> | null = null;

/** Loads every Mantine style once (a non-blocking stylesheet); screens and dialogs wait for it. */
export function loadAllStyles(): Promise<unknown> {
  // A failed load (offline before the service worker cached it) is tried again by the next caller.
  return (allStyles ??= import('./all-styles.ts').catch((error: unknown) => {
    allStyles = null;
    throw error;
  }));
}
