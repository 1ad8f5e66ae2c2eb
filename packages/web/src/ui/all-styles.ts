/** Every Mantine style (dialogs, tables, inputs, menus, notifications): awaited by lazy screens, dialogs and notifications, and loaded at the first touch or key (root-layout.tsx). */
import '@mantine/core/styles.layer.css';
import '@mantine/notifications/styles.layer.css';
